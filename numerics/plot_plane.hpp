// numerics/plot_plane.hpp — the second figure of a run: its path in a plane, with the walls it meets.
//
// The plane is two functions of the coordinates (the coordinates themselves, or a map such as
// x = r cos θ, y = r sin θ).  A wall is the zero set of a function h(q) (a guard, an impulsive
// constraint Ψ, the boundary of a switching region): it is sampled on a grid over the box the path
// spans in the two coordinates the plane shows (marching squares), each point refined on its grid
// edge by TOMS 748 (Boost.Math), so that |h| at the points drawn is at the level of rounding.
#pragma once

#include <array>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include <ginac/ginac.h>

#include "numerics/ode.hpp"
#include "numerics/plot.hpp"

namespace hamel {

/// The axes of a path plot: their labels and their values as functions of the coordinates.
struct PlotPlane {
  std::string xlabel, ylabel;
  GiNaC::ex x, y;
};

/// A surface drawn in the plane as its zero set h = 0 (h of the coordinates, parameters and time).
struct PlotSurface {
  std::string title;
  GiNaC::ex h;
};

/// An event placed on the path: its name (the legend's) and the state at it.
struct PlacedEvent {
  std::string name;
  State q;
};

struct PathPlotInput {
  std::string title;
  PlotPlane plane;
  std::vector<GiNaC::ex> coordinates;  ///< the symbols of the samples' first entries
  GiNaC::exmap values;                 ///< parameter → number
  std::vector<PlotSurface> surfaces;
  /// The time symbol, when a surface moves: it is drawn at each of `times`.
  std::optional<GiNaC::ex> time = std::nullopt;
  std::vector<double> times = {};
  std::vector<PlacedEvent> events = {};
};

/// A surface the path plot cannot draw, and why.
struct LeftOut {
  PlotSurface surface;
  std::string why;
};

struct PathPlot {
  Plot plot;
  std::vector<LeftOut> left_out;
};

/// The path of `samples` (each holding at least the coordinates) in the plane, the start, each
/// surface's zero set and the events.  A surface in coordinates the plane does not show, or a plane
/// in other than two coordinates, leaves the surface out (named in `left_out`).
/// @throws InvalidArgument when a plane function or surface has a symbol that is neither a
///   coordinate, a parameter with a value nor the time.
PathPlot path_plot(const PathPlotInput& in, const std::vector<State>& samples);

/// A panel of `time` (whose x are the samples' times) with h along the run for each surface the path plot
/// leaves out, titled with the surface's name (its title up to a ':'): a wall that cannot be drawn in the
/// plane is still seen, reaching 0 at each impact.
void add_left_out_panel(Plot& time, const PathPlotInput& in, const PathPlot& path, const std::vector<State>& samples);
/// A panel of `time` with each surface function h(q(t), t) against t (0 on the surface): where no
/// path plane shows the surfaces (one coordinate, or surfaces left out of the path).
void add_surface_panel(Plot& time, const PathPlotInput& in, const std::vector<PlotSurface>& surfaces, const std::vector<State>& samples);

/// The figures of one run: against time, and the path in a plane (when there is one).
struct RunFigures {
  Plot time;
  std::optional<PathPlot> path = std::nullopt;
};

struct RunPlotFiles {
  PlotFiles time;
  std::optional<PlotFiles> path;
};

/// Draws a run's figures by the one naming scheme of docs/system-files.md ("Plots"): `base`.svg, .png,
/// .gp, .dat against time, and `base`-path.svg, .png, .gp, .dat for the path.
/// @throws as `plot`.
RunPlotFiles plot_run(const RunFigures& figures, const std::string& base);

/// Every file `plot_run` may write on `base` (plot_files of both figures), drawn or not.
std::vector<std::string> run_plot_files(const std::string& base);

using Polyline = std::vector<std::array<double, 2>>;

/// The zero set of f on [x0, x1] × [y0, y1], from an n × n grid: polylines through points on the
/// grid's edges where f changes sign, each found by TOMS 748 (Boost.Math) to full precision.  NaN values of f
/// (outside its domain) have no zero beside them.
std::vector<Polyline> zero_set(const std::function<double(double, double)>& f, std::array<double, 4> box, std::size_t n);

}  // namespace hamel
