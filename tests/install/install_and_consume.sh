#!/bin/sh
# tests/install/install_and_consume.sh BUILD SOURCE — installs the build into a temporary prefix and
# builds the consumer project against it twice: with find_package(Hamel CONFIG) and with pkg-config;
# where the build has the Python module, imports the installed package and derives an example with it.
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
package="$tmp/prefix/lib/python3/dist-packages"
if [ -d "$package/hamel" ]; then
  cd "$source"
  PYTHONPATH="$package" /usr/bin/python3 -c "
import hamel, os
assert os.path.dirname(hamel.__file__).startswith('$package'), hamel.__file__
d = hamel.load('examples/nonholonomic_particle.yaml').derive()
assert d.summary['failures'] == 0 and d.summary['checks'] > 0, d.summary
print('python package: imported from the prefix,', d.summary['checks'], 'checks')
"
fi
