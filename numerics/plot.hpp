// numerics/plot.hpp — line plots of several series against a common x, drawn by gnuplot.
//
// `plot` writes the data (<base>.dat) and a gnuplot script without a terminal (<base>.gp, so it can
// be rerun for another format; it finds the data beside itself, from any working directory), then runs gnuplot for <base>.svg and, when the pngcairo terminal
// exists, <base>.png.  gnuplot is found at run time ($HAMEL_GNUPLOT, else gnuplot on PATH; Debian:
// gnuplot-nox).  Titles and labels are printed verbatim (no enhanced-text markup).
#pragma once

#include <string>
#include <vector>

namespace hamel {

struct Series {
  std::string title;
  std::vector<double> y;
  /// Series of different sizes go into panels stacked over the same x (coordinates, then an energy
  /// whose drift would be invisible on their scale): 0 is the top one.
  std::size_t panel = 0;
};

struct Plot {
  std::string title;
  std::string xlabel;
  std::string ylabel;
  std::vector<double> x;
  std::vector<Series> series;
  /// A path in the plane: one unit the same length on both axes, so that a circle looks round.
  bool equal_aspect = false;
  /// The y labels of panels 1, 2, … (panel 0 has `ylabel`).
  std::vector<std::string> panel_labels = {};
};

struct PlotFiles {
  std::string data;
  std::string script;
  std::string svg;
  std::string png;  ///< empty when gnuplot has no PNG terminal
};

/// The gnuplot executable, or empty if there is none.
std::string find_gnuplot();

/// The base name for `plot` of an output path a user gave (`run.svg`, `run.png`: `run`).
std::string plot_base(const std::string& path);

/// Draws `p` into files named after `base` (a path without extension).
/// @throws InvalidArgument when a series' length differs from x's or there is no series;
///   NotImplemented when gnuplot is missing or fails (the message quotes its error).
PlotFiles plot(const Plot& p, const std::string& base);

}  // namespace hamel
