// numerics/plot.hpp — line plots of several series against a common x, drawn by gnuplot.
//
// `plot` writes the data (<base>.dat: the series' table, then one block per curve) and a gnuplot script
// without a terminal (<base>.gp, so it can be rerun for another format; it finds the data beside
// itself, from any working directory), then runs gnuplot for <base>.svg and, when the pngcairo
// terminal exists, <base>.png.  gnuplot is found at run time ($HAMEL_GNUPLOT, else gnuplot on PATH;
// Debian: gnuplot-nox).  Titles and labels are printed verbatim (no enhanced-text markup).
#pragma once

#include <cstddef>
#include <string>
#include <vector>

namespace hamel {

/// The most points a run's figure draws per series: gnuplot draws 10⁶ points slowly and the eye sees
/// no more than a few thousand across a page.
constexpr std::size_t kMaxPlotPoints = 20000;

/// Every how many samples a figure of `samples` takes one, to draw at most about kMaxPlotPoints.
inline std::size_t plot_stride(std::size_t samples) { return samples <= kMaxPlotPoints ? 1 : (samples + kMaxPlotPoints - 1) / kMaxPlotPoints; }

struct Series {
  std::string title;
  std::vector<double> y;
  /// Series of different sizes go into panels stacked over the same x (coordinates, then an energy
  /// whose drift would be invisible on their scale): 0 is the top one.
  std::size_t panel = 0;
};

/// A vertical line across every panel at x (an impact at time t); the legend names each `name` once.
struct Marker {
  double x = 0;
  std::string name;
};

/// Points or a line with their own x, drawn in panel 0 (a wall in the plane of a path, the impact
/// points); a NaN in x breaks the line.
struct Curve {
  std::string title;
  std::vector<double> x, y;
  bool points = false;
};

struct Plot {
  std::string title;
  std::string xlabel;
  std::string ylabel;
  std::vector<double> x;
  std::vector<Series> series;
  /// A path in the plane: one unit the same length on both axes, so that a circle looks round; a path
  /// whose sides differ by more than 20 times (a length against an angle) is drawn as a 1:4 strip
  /// instead, its title saying that the axes are not to the same scale.
  bool equal_aspect = false;
  /// The y labels of panels 1, 2, … (panel 0 has `ylabel`).
  std::vector<std::string> panel_labels = {};
  std::vector<Marker> markers = {};
  std::vector<Curve> curves = {};
};

/// A time plot whose top panel mixes series of very different ranges, with those under a twentieth of
/// the largest range moved to a panel of their own under it (the same y label; later panels move down
/// one). A path (equal aspect) or a panel of like ranges is returned as it is. `plot` applies it.
Plot split_by_scale(const Plot& p);

/// f − f(first sample), titled "<name> - <name>(t0)": a drift of 1e-12 is invisible beside f itself.
Series drift_series(const std::string& name, const std::vector<double>& f, std::size_t panel);

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

/// The base of the second figure of a run, the path in the plane (`run`: `run-path`).
std::string path_plot_base(const std::string& base);

/// Every file `plot(p, base)` writes or replaces: `base`.dat, .gp, .svg, .png, and the gnuplot logs it
/// writes beside the images while drawing them (and removes). What the command line checks against its
/// inputs before any work.
std::vector<std::string> plot_files(const std::string& base);

/// Draws `p` into files named after `base` (a path without extension).
/// @throws InvalidArgument when a series' or curve's lengths differ from its x's or there is no series;
///   NotImplemented when gnuplot is missing or fails (the message quotes its error).
PlotFiles plot(const Plot& p, const std::string& base);

}  // namespace hamel
