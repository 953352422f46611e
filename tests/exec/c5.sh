#!/bin/exectest
