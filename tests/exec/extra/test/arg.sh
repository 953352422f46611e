#!/bin/exectest boot-args
