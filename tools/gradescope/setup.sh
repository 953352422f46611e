#!/usr/bin/env bash
# setup.sh: Gradescope runs this once, as root, when it builds the autograder's
# image, from /autograder/source (the bundle, unzipped): it installs the Debian
# packages trapdoor needs, the list make deps installs
# (trapdoor/tools/container/packages). docs/instructors.md says which base
# image to pick.
set -eu
cd "$(dirname "$0")"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq $(cat trapdoor/tools/container/packages)
