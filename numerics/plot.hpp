// numerics/plot.hpp — line plots of several series against a common x, drawn by gnuplot.
//
// `plot` writes the data (<base>.dat) and a gnuplot script without a terminal (<base>.gp, so it can
// be rerun for another format), then runs gnuplot for <base>.svg and, when the pngcairo terminal
// exists, <base>.png.  gnuplot is found at run time ($HAMEL_GNUPLOT, else gnuplot on PATH; Debian:
// gnuplot-nox).  Titles and labels are printed verbatim (no enhanced-text markup).
#pragma once

#include <string>
#include <vector>

namespace hamel {

struct Series {
  std::string title;
  std::vector<double> y;
};

struct Plot {
  std::string title;
  std::string xlabel;
  std::string ylabel;
  std::vector<double> x;
  std::vector<Series> series;
};

struct PlotFiles {
  std::string data;
  std::string script;
  std::string svg;
  std::string png;  ///< empty when gnuplot has no PNG terminal
};

/// The gnuplot executable, or empty if there is none.
std::string find_gnuplot();

/// Draws `p` into files named after `base` (a path without extension).
/// @throws InvalidArgument when a series' length differs from x's or there is no series;
///   NotImplemented when gnuplot is missing or fails (the message quotes its error).
PlotFiles plot(const Plot& p, const std::string& base);

}  // namespace hamel
