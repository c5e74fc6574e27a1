// numerics/plot_plane.cpp
#include "numerics/plot_plane.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <map>

#include <boost/math/tools/toms748_solve.hpp>

#include "core/error.hpp"
#include "numerics/compiled_function.hpp"

namespace hamel {

namespace {

constexpr std::size_t kGrid = 400;  // cells per side: a unit circle drawn from ~1000 points
const double kNaN = std::numeric_limits<double>::quiet_NaN();

CompiledFunction compiled(const std::vector<GiNaC::ex>& f, const std::vector<GiNaC::ex>& inputs, const GiNaC::exmap& values) {
  return compile(f, inputs, values, CompileOptions{Backend::Bytecode, "", "", true});  // a few evaluations: no C compiler
}

// The coordinates a function uses, in the chart's order.
std::vector<std::size_t> used(const std::vector<GiNaC::ex>& q, const std::vector<GiNaC::ex>& fs) {
  std::vector<std::size_t> out;
  for (std::size_t i = 0; i < q.size(); ++i)
    if (std::any_of(fs.begin(), fs.end(), [&](const GiNaC::ex& f) { return f.has(q[i]); })) out.push_back(i);
  return out;
}

std::string names(const std::vector<GiNaC::ex>& q, const std::vector<std::size_t>& idx) {
  std::string s;
  for (std::size_t i : idx) s += (s.empty() ? "" : ", ") + GiNaC::ex_to<GiNaC::symbol>(q[i]).get_name();
  return s;
}

// The box the path spans in coordinates a and b, a quarter of its extent wider on each side (so
// that a wall the path touches is drawn whole around it).
std::array<double, 4> box(const std::vector<State>& samples, std::size_t a, std::size_t b) {
  double lo[2] = {INFINITY, INFINITY}, hi[2] = {-INFINITY, -INFINITY};
  for (const State& x : samples)
    for (int k = 0; k < 2; ++k) {
      lo[k] = std::min(lo[k], x[k ? b : a]);
      hi[k] = std::max(hi[k], x[k ? b : a]);
    }
  std::array<double, 4> out{};
  for (int k = 0; k < 2; ++k) {
    const double extent = hi[k] - lo[k], margin = extent > 0 ? extent / 4 : 0.5 * std::max(1.0, std::abs(lo[k]));
    out[2 * k] = lo[k] - margin;
    out[2 * k + 1] = hi[k] + margin;
  }
  return out;
}

// The polylines of a zero set in (q_a, q_b), mapped into the plane, NaN between them.
Curve mapped(const std::string& title, const std::vector<Polyline>& lines, const CompiledFunction& plane, std::size_t n,
             std::size_t a, std::size_t b) {
  Curve c{title, {}, {}};
  std::vector<double> q(n, 0.0), xy(2);
  for (const Polyline& line : lines) {
    if (!c.x.empty()) {
      c.x.push_back(kNaN);
      c.y.push_back(kNaN);
    }
    for (const auto& p : line) {
      q[a] = p[0];
      q[b] = p[1];
      plane(q, xy);
      c.x.push_back(xy[0]);
      c.y.push_back(xy[1]);
    }
  }
  return c;
}

std::string time_text(double t) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.6g", t);
  return buf;
}

// Each surface's zero set, at each time when it moves; what cannot be drawn goes to `left_out`.
void add_surfaces(const PathPlotInput& in, const std::vector<State>& samples, const CompiledFunction& plane, PathPlot& out) {
  const std::vector<std::size_t> shown = used(in.coordinates, {in.plane.x, in.plane.y});
  for (const PlotSurface& s : in.surfaces) {
    const std::vector<std::size_t> needs = used(in.coordinates, {s.h});
    if (shown.size() != 2) {
      out.left_out.push_back({s, "the plane shows " + std::to_string(shown.size()) + " coordinates, not 2"});
      continue;
    }
    if (!std::includes(shown.begin(), shown.end(), needs.begin(), needs.end())) {
      out.left_out.push_back({s, "it depends on " + names(in.coordinates, needs) + ", the plane shows " + names(in.coordinates, shown)});
      continue;
    }
    const std::size_t a = shown[0], b = shown[1];
    const bool moves = in.time && s.h.has(*in.time);
    for (double t : moves ? in.times : std::vector<double>{kNaN}) {
      const GiNaC::ex h = moves ? s.h.subs(*in.time == t) : s.h;
      const CompiledFunction f = compiled({h}, {in.coordinates[a], in.coordinates[b]}, in.values);
      const auto value = [&f](double u, double v) {
        const double in[2] = {u, v};
        double out = 0;
        f(in, &out);
        return out;
      };
      const auto lines = zero_set(value, box(samples, a, b), kGrid);
      const std::string title = moves ? s.title + " at t = " + time_text(t) : s.title;
      if (lines.empty()) out.left_out.push_back({{title, h}, "no zero near the path"});
      else out.plot.curves.push_back(mapped(title, lines, plane, in.coordinates.size(), a, b));
    }
  }
}

// The events as points, one curve per name in the order they first occur; then the start.
void add_events(const PathPlotInput& in, const std::vector<State>& samples, const CompiledFunction& plane, PathPlot& out) {
  const std::size_t n = in.coordinates.size();
  std::vector<double> xy(2);
  const auto at = [&](const State& x) { plane(std::vector<double>(x.begin(), x.begin() + static_cast<long>(n)), xy); };
  std::map<std::string, std::size_t> curve_of;
  for (const PlacedEvent& e : in.events) {
    auto [it, added] = curve_of.emplace(e.name, out.plot.curves.size());
    if (added) out.plot.curves.push_back(Curve{e.name, {}, {}, true});
    at(e.q);
    out.plot.curves[it->second].x.push_back(xy[0]);
    out.plot.curves[it->second].y.push_back(xy[1]);
  }
  at(samples.front());
  out.plot.curves.push_back(Curve{"start", {xy[0]}, {xy[1]}, true});
}

}  // namespace

PathPlot path_plot(const PathPlotInput& in, const std::vector<State>& samples) {
  PathPlot out{Plot{in.title, in.plane.xlabel, in.plane.ylabel, {}, {{"path", {}}}, true}, {}};
  const std::size_t n = in.coordinates.size();
  const CompiledFunction plane = compiled({in.plane.x, in.plane.y}, in.coordinates, in.values);
  std::vector<double> q(n), xy(2);
  for (const State& x : samples) {
    if (x.size() < n)
      throw InvalidArgument(detail::message("path_plot", "a sample without every coordinate", std::to_string(n) + " values",
                                            std::to_string(x.size())));
    std::copy(x.begin(), x.begin() + static_cast<long>(n), q.begin());
    plane(q, xy);
    out.plot.x.push_back(xy[0]);
    out.plot.series[0].y.push_back(xy[1]);
  }
  if (samples.empty()) return out;
  add_surfaces(in, samples, plane, out);
  add_events(in, samples, plane, out);
  return out;
}

void add_surface_panel(Plot& time, const PathPlotInput& in, const std::vector<PlotSurface>& surfaces, const std::vector<State>& samples) {
  if (surfaces.empty() || samples.size() != time.x.size()) return;
  std::size_t panel = 0;
  for (const Series& s : time.series) panel = std::max(panel, s.panel + 1);
  std::vector<GiNaC::ex> inputs = in.coordinates;
  if (in.time) inputs.push_back(*in.time);
  const std::size_t n = in.coordinates.size();
  std::vector<double> x(inputs.size());
  for (const PlotSurface& surface : surfaces) {
    const CompiledFunction h = compiled({surface.h}, inputs, in.values);
    Series s{surface.title.substr(0, surface.title.find(':')), {}, panel};  // the name: the panel is narrow
    for (std::size_t k = 0; k < samples.size(); ++k) {
      std::copy(samples[k].begin(), samples[k].begin() + static_cast<long>(n), x.begin());
      if (in.time) x[n] = time.x[k];
      s.y.push_back(h(x)[0]);
    }
    time.series.push_back(s);
  }
  time.panel_labels.resize(panel - 1);
  time.panel_labels.push_back("surface function (0 on it)");
}

void add_left_out_panel(Plot& time, const PathPlotInput& in, const PathPlot& path, const std::vector<State>& samples) {
  std::vector<PlotSurface> surfaces;
  for (const LeftOut& l : path.left_out) surfaces.push_back(l.surface);
  add_surface_panel(time, in, surfaces, samples);
}

RunPlotFiles plot_run(const RunFigures& f, const std::string& base) {
  RunPlotFiles files{plot(f.time, base), std::nullopt};
  if (f.path) files.path = plot(f.path->plot, path_plot_base(base));
  return files;
}

std::vector<std::string> run_plot_files(const std::string& base) {
  std::vector<std::string> files = plot_files(base);
  for (const std::string& f : plot_files(path_plot_base(base))) files.push_back(f);
  return files;
}

namespace {

// The sign classes of marching squares: a NaN is on neither side.
int side(double v) { return std::isnan(v) ? 0 : (v > 0 ? 1 : -1); }

bool crosses(double u, double v) { return side(u) * side(v) < 0; }

// The zero of f on the segment from p to q (f(p), f(q) of opposite signs): TOMS 748 (Boost.Math) in the
// segment's parameter to full precision, as the event locator finds crossings in time.
std::array<double, 2> zero_between(const std::function<double(double, double)>& f, std::array<double, 2> p, std::array<double, 2> q) {
  const auto at = [&](double s) { return std::array<double, 2>{p[0] + s * (q[0] - p[0]), p[1] + s * (q[1] - p[1])}; };
  const auto g = [&](double s) {
    const auto x = at(s);
    return f(x[0], x[1]);
  };
  boost::uintmax_t iterations = 200;
  const auto r = boost::math::tools::toms748_solve(g, 0.0, 1.0, g(0.0), g(1.0), boost::math::tools::eps_tolerance<double>(), iterations);
  return at(std::abs(g(r.first)) <= std::abs(g(r.second)) ? r.first : r.second);
}

}  // namespace

std::vector<Polyline> zero_set(const std::function<double(double, double)>& f, std::array<double, 4> b, std::size_t n) {
  const std::size_t m = n + 1;
  const auto node = [&](std::size_t i, std::size_t j) {
    return std::array<double, 2>{b[0] + (b[1] - b[0]) * double(i) / double(n), b[2] + (b[3] - b[2]) * double(j) / double(n)};
  };
  std::vector<double> v(m * m);
  for (std::size_t j = 0; j < m; ++j)
    for (std::size_t i = 0; i < m; ++i) v[j * m + i] = f(node(i, j)[0], node(i, j)[1]);
  const auto val = [&](std::size_t i, std::size_t j) { return v[j * m + i]; };
  // an edge: 2 (j m + i) for the one from node (i, j) along the first axis, + 1 along the second
  std::map<std::size_t, std::vector<std::size_t>> links;
  const auto link = [&](std::size_t e1, std::size_t e2) {
    links[e1].push_back(e2);
    links[e2].push_back(e1);
  };
  for (std::size_t j = 0; j < n; ++j)
    for (std::size_t i = 0; i < n; ++i) {
      const std::size_t bottom = 2 * (j * m + i), top = 2 * ((j + 1) * m + i), left = bottom + 1, right = 2 * (j * m + i + 1) + 1;
      const double v00 = val(i, j), v10 = val(i + 1, j), v01 = val(i, j + 1), v11 = val(i + 1, j + 1);
      std::vector<std::size_t> cut;
      if (crosses(v00, v10)) cut.push_back(bottom);
      if (crosses(v10, v11)) cut.push_back(right);
      if (crosses(v01, v11)) cut.push_back(top);
      if (crosses(v00, v01)) cut.push_back(left);
      if (cut.size() == 2) link(cut[0], cut[1]);
      if (cut.size() == 4) {  // a saddle: the centre's side says which corners the lines cut off
        const auto c = node(i, j), d = node(i + 1, j + 1);
        const bool joined = side(f((c[0] + d[0]) / 2, (c[1] + d[1]) / 2)) == side(v00);
        if (joined) link(bottom, right), link(top, left);
        else link(bottom, left), link(top, right);
      }
    }
  const auto point = [&](std::size_t e) {
    const std::size_t k = e / 2, i = k % m, j = k / m;
    return zero_between(f, node(i, j), e % 2 ? node(i, j + 1) : node(i + 1, j));
  };
  // walk the links: open lines from their ends first, then the closed ones
  std::vector<Polyline> lines;
  std::map<std::size_t, bool> seen;
  const auto walk = [&](std::size_t start) {
    Polyline line;
    for (std::size_t e = start, next = start;; e = next) {
      seen[e] = true;
      line.push_back(point(e));
      for (std::size_t o : links[e])
        if (!seen[o]) next = o;
      if (next != e) continue;
      const auto& last = links[e];
      if (line.size() > 2 && std::find(last.begin(), last.end(), start) != last.end()) line.push_back(line.front());  // closed
      break;
    }
    lines.push_back(line);
  };
  for (const auto& [e, to] : links)
    if (to.size() == 1 && !seen[e]) walk(e);
  for (const auto& [e, to] : links)
    if (!seen[e]) walk(e);
  return lines;
}

}  // namespace hamel
