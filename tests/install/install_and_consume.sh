#!/bin/sh
# tests/install/install_and_consume.sh BUILD SOURCE — installs the build into a temporary prefix and
# builds the consumer project against it twice: with find_package(Hamel CONFIG) and with pkg-config.
set -eu
build=$1
source=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cmake --install "$build" --prefix "$tmp/prefix" >/dev/null
cmake -S "$source/tests/install/consumer" -B "$tmp/build" -DCMAKE_PREFIX_PATH="$tmp/prefix" -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build "$tmp/build" >/dev/null
"$tmp/build/consumer"
export PKG_CONFIG_PATH="$tmp/prefix/lib/pkgconfig"
# shellcheck disable=SC2046
${CXX:-c++} "$source/tests/install/consumer/main.cpp" -o "$tmp/with_pkg_config" $(pkg-config --cflags --libs hamel)
"$tmp/with_pkg_config"
