#!/bin/exectest one-arg
