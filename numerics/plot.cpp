// numerics/plot.cpp
#include "numerics/plot.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <sys/stat.h>

#include "core/atomic_file.hpp"
#include "core/error.hpp"
#include "numerics/process.hpp"

namespace hamel {

namespace {

// gnuplot single-quoted strings take no escapes except '' for a quote.
std::string quoted(const std::string& s) {
  std::string q = "'";
  for (char c : s) q += (c == '\'') ? std::string("''") : std::string(1, c);
  return q + "'";
}

void check_shape(const Plot& p) {
  if (p.series.empty())
    throw InvalidArgument(detail::message("plot", "nothing to draw", "at least one series", "none"));
  for (const auto& s : p.series)
    if (s.y.size() != p.x.size())
      throw InvalidArgument(detail::message("plot", "series '" + s.title + "' does not match x",
                                            std::to_string(p.x.size()) + " values",
                                            std::to_string(s.y.size())));
  for (const auto& c : p.curves)
    if (c.y.size() != c.x.size())
      throw InvalidArgument(detail::message("plot", "curve '" + c.title + "' has y of another length than x",
                                            std::to_string(c.x.size()) + " values", std::to_string(c.y.size())));
}

std::string number(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.17g", v);
  return buf;
}

// A number as a person writes it (0.68, not 0.68000000000000005).
std::string short_number(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%g", v);
  return buf;
}

// Index 0: x and the series; then one block per curve with points (two blank lines apart, gnuplot's
// `index`), a NaN in x written as a blank line: a break in the line.
void write_data(const Plot& p, const std::string& path) {
  AtomicFile file(path);
  std::ostream& out = file.stream();
  for (std::size_t i = 0; i < p.x.size(); ++i) {
    out << number(p.x[i]);
    for (const auto& s : p.series) out << ' ' << number(s.y[i]);
    out << '\n';
  }
  for (const auto& c : p.curves) {
    if (c.x.empty()) continue;
    out << "\n\n";
    for (std::size_t i = 0; i < c.x.size(); ++i)
      out << (std::isnan(c.x[i]) ? std::string() : number(c.x[i]) + ' ' + number(c.y[i])) << '\n';
  }
  file.commit();
}

std::size_t panels(const Plot& p) {
  std::size_t k = 1;
  for (const auto& s : p.series) k = std::max(k, s.panel + 1);
  return k;
}

// Colours that stay apart on white: the series of a panel, walls, and impacts (dashed lines in time,
// points in the plane).
const char* const kLineColours[] = {"#9400d3", "#009e73", "#0072b2", "#e69f00", "#56b4e9", "#cc79a7", "#8b4513", "#556b2f"};
const char* const kWallColours[] = {"#000000", "#7f7f7f", "#8c564b", "#17becf"};
const char* const kMarkerColours[] = {"#d62728", "#1f77b4", "#2ca02c", "#ff7f0e", "#9467bd", "#e377c2"};

// The names of the markers in the order they first appear, each with its colour.
std::vector<std::string> marker_names(const Plot& p) {
  std::vector<std::string> names;
  for (const auto& m : p.markers)
    if (std::find(names.begin(), names.end(), m.name) == names.end()) names.push_back(m.name);
  return names;
}

std::string marker_colour(const std::vector<std::string>& names, const std::string& name) {
  const auto i = static_cast<std::size_t>(std::find(names.begin(), names.end(), name) - names.begin());
  return kMarkerColours[i % std::size(kMarkerColours)];
}

// The extent of what panel 0 draws: {x0, x1, y0, y1}.
std::array<double, 4> extent(const Plot& p) {
  std::array<double, 4> e{INFINITY, -INFINITY, INFINITY, -INFINITY};
  const auto add = [&e](double x, double y) {
    if (!std::isfinite(x) || !std::isfinite(y)) return;
    e = {std::min(e[0], x), std::max(e[1], x), std::min(e[2], y), std::max(e[3], y)};
  };
  for (const auto& s : p.series)
    if (s.panel == 0)
      for (std::size_t i = 0; i < p.x.size(); ++i) add(p.x[i], s.y[i]);
  for (const auto& c : p.curves)
    for (std::size_t i = 0; i < c.x.size(); ++i) add(c.x[i], c.y[i]);
  return e;
}

// 1, 2 or 5 times a power of ten, at least v: a tic step people read.
double nice_step(double v) {
  const double ten = std::pow(10.0, std::floor(std::log10(v)));
  for (double m : {1.0, 2.0, 5.0})
    if (m * ten >= v * (1 - 1e-12)) return m * ten;
  return 10 * ten;
}

// The canvas in pixels and, for a path to equal scale, tic steps that leave room for their labels:
// the canvas takes the path's proportions (a channel eight times longer than wide is a strip, not a
// strip in a square), and the key below gets a line per entry.
struct Layout {
  int width = 1000, height = 540;
  double xtic = 0, ytic = 0;  ///< 0: gnuplot's own
  double ratio = -1;          ///< gnuplot's `set size ratio`: -1 equal scale, else height / width of the axes
};

// A path whose sides differ by more than this is not drawn to equal scale: at 1:40 (a cart's x in
// [0, 1] against a rotor angle in [-35, 10]) the short axis is a few pixels and its tic labels overlap;
// such planes mix quantities (a length and an angle) whose scales need not match.
constexpr double kMaxEqualScaleRatio = 20;
// The proportion such a path is drawn at instead: a strip, still readable across.
constexpr double kStripRatio = 4;

// Where a time plot's panels end (a share of its width): the key takes the rest, on the right. The same
// in every plot, so that the panels' time axes line up whatever their keys.
constexpr double kPanelsEnd = 0.68;
// Where the key starts: past the last tic label of the time axis, which overhangs the panel's edge.
constexpr double kKeyStart = kPanelsEnd + 0.02;

Layout layout(const Plot& p) {
  Layout l;
  if (!p.equal_aspect) {
    if (panels(p) > 1) l.height = 100 + 220 * static_cast<int>(panels(p));
    // the key's share wide enough for the longest title (about 10 px a character and 60 for the
    // sample), or it runs into the panels ("J_rotation - J_rotation(t0) [J]")
    std::size_t longest = 0;
    for (const Series& s : p.series) longest = std::max(longest, s.title.size());
    l.width = std::max(l.width, static_cast<int>((10.0 * static_cast<double>(longest) + 60) / (1 - kPanelsEnd)));
    return l;
  }
  const auto e = extent(p);
  const double dx = e[1] - e[0], dy = e[3] - e[2];
  double w = 820, h = 720;
  if (dx > 0 && dy > 0) {
    const double r = dy / dx;
    if (r > kMaxEqualScaleRatio || r < 1 / kMaxEqualScaleRatio) l.ratio = r > 1 ? kStripRatio : 1 / kStripRatio;
    const double shown = l.ratio > 0 ? l.ratio : r;
    if (shown * w <= h) h = std::max(120.0, shown * w);
    else w = std::max(120.0, h / shown);
    l.xtic = nice_step(dx / std::max(2.0, w / 90));
    l.ytic = nice_step(dy / std::max(2.0, h / 45));
  }
  const int entries = static_cast<int>(p.series.size() + p.curves.size());
  l.width = std::max(560, static_cast<int>(w) + 180);
  l.height = static_cast<int>(h) + 160 + 20 * ((entries + 2) / 3);  // the key: about three entries a row
  return l;
}

// The preamble: the data's folder from ARG0 (the script's path as gnuplot was given it), the margins
// that line up the panels' x axes, and one vertical line per marker, drawn in every panel.
void write_preamble(const Plot& p, const Layout& l, const std::string& script, std::ostream& out) {
  out << "# generated by hamel::plot; run with a terminal, e.g.\n"
      << "#   gnuplot -e \"set terminal svg; set output 'plot.svg'\" " << script.substr(script.find_last_of('/') + 1) << "\n"
      << "set termoption noenhanced\n"
      << "dir = ''; rest = ARG0\n"
      << "while (strstrt(rest, '/') > 0) { dir = dir . rest[1:strstrt(rest, '/')]; rest = rest[strstrt(rest, '/') + 1:] }\n"
      << "set grid\n";
  if (p.equal_aspect) {  // the long titles of walls below, the path as large as it can be
    out << "set size ratio " << number(l.ratio) << "\nset key below Left reverse\n";
    if (l.xtic > 0) out << "set xtics " << number(l.xtic) << "\nset ytics " << number(l.ytic) << "\n";
  } else {  // fixed margins: the panels' time axes line up whatever their keys' widths; t from end to end
    // the key's top left corner just right of each panel: `outside right` justified it against the
    // canvas's right edge, 250 px from the axes for a short title ("x"), and at another place per panel
    out << "set key at screen " << short_number(kKeyStart) << ", graph 1 left top Left reverse samplen 2\n"
        << "set lmargin at screen 0.12\nset rmargin at screen " << short_number(kPanelsEnd) << "\n"
        << "set autoscale xfix\nset offsets 0, 0, graph 0.05, graph 0.05\n";  // a constant on the range's edge stays seen
  }
  const std::vector<std::string> names = marker_names(p);
  for (const auto& m : p.markers)
    out << "set arrow from " << number(m.x) << ", graph 0 to " << number(m.x) << ", graph 1 nohead dt 2 lw 1 lc rgb '"
        << marker_colour(names, m.name) << "'  # " << m.name << "\n";
}

// Panel 0 also holds the curves and one legend entry per marker name.
void write_extras(const Plot& p, const std::string& data, std::ostream& out) {
  std::size_t block = 0, walls = 0, points = 0;
  for (const auto& c : p.curves) {
    if (c.x.empty()) continue;
    out << ", \\\n     dir . " << quoted(data) << " index " << ++block << " using 1:2";
    if (c.points)
      out << " with points pt 7 ps 0.7 lc rgb '" << kMarkerColours[points++ % std::size(kMarkerColours)] << "'";
    else
      out << " with lines lw 2 lc rgb '" << kWallColours[walls++ % std::size(kWallColours)] << "'";
    out << " title " << quoted(c.title);
  }
  const std::vector<std::string> names = marker_names(p);
  for (const auto& n : names)
    out << ", \\\n     NaN with lines dt 2 lw 1 lc rgb '" << marker_colour(names, n) << "' title " << quoted(n);
}

// One `plot` command per panel.
void write_script(const Plot& p, const Layout& l, const std::string& data, const std::string& path) {
  AtomicFile file(path);
  std::ostream& out = file.stream();
  const std::size_t k = panels(p);
  const std::string name = data.substr(data.find_last_of('/') == std::string::npos ? 0 : data.find_last_of('/') + 1);
  write_preamble(p, l, path, out);
  if (k == 1) out << "set title " << quoted(p.title + (l.ratio > 0 ? " (axes not to the same scale)" : "")) << "\n";
  else out << "set multiplot layout " << k << ",1 title " << quoted(p.title) << "\n";
  for (std::size_t panel = 0; panel < k; ++panel) {
    const std::string ylabel = panel == 0 ? p.ylabel : panel - 1 < p.panel_labels.size() ? p.panel_labels[panel - 1] : "";
    out << "set ylabel " << quoted(ylabel) << "\n"
        << "set xlabel " << quoted(panel + 1 == k ? p.xlabel : "") << "\n"
        << "plot ";
    std::size_t drawn = 0;
    for (std::size_t i = 0; i < p.series.size(); ++i) {
      if (p.series[i].panel != panel) continue;
      out << (drawn ? ", \\\n     " : "") << "dir . " << quoted(name) << " index 0 using 1:" << i + 2 << " with lines lw 1.5 lc rgb '"
          << kLineColours[drawn % std::size(kLineColours)] << "' title " << quoted(p.series[i].title);
      ++drawn;
    }
    if (!drawn) out << "NaN notitle";
    if (panel == 0) write_extras(p, name, out);
    out << "\n";
  }
  if (k > 1) out << "unset multiplot\n";
  file.commit();
}

bool non_empty_file(const std::string& path) {
  struct stat st {};
  return ::stat(path.c_str(), &st) == 0 && st.st_size > 0;
}

// Runs the script with a terminal; the log's summary line on failure.
bool render(const std::string& gnuplot, const std::string& terminal, const std::string& output,
            const std::string& script, std::string& error) {
  const std::string log = output + ".log";
  std::remove(output.c_str());
  std::remove(log.c_str());
  const int status = detail::run_process(
      {gnuplot, "-e", "set terminal " + terminal + "; set output " + quoted(output), script}, log);
  const bool ok = status == 0 && non_empty_file(output);
  if (!ok) error = detail::summary_line(log);
  std::remove(log.c_str());
  return ok;
}

}  // namespace

std::string find_gnuplot() {
  if (const char* env = std::getenv("HAMEL_GNUPLOT"); env && *env) return detail::find_executable(env);
  return detail::find_executable("gnuplot");
}

Series drift_series(const std::string& name, const std::vector<double>& f, std::size_t panel) {
  Series s{name + " - " + name + "(t0)", {}, panel};
  for (double v : f) s.y.push_back(v - f.front());
  return s;
}

std::string path_plot_base(const std::string& base) { return base + "-path"; }

std::vector<std::string> plot_files(const std::string& base) {
  std::vector<std::string> files;
  for (const char* extension : {".dat", ".gp", ".svg", ".png", ".svg.log", ".png.log"}) files.push_back(base + extension);
  return files;
}

std::string plot_base(const std::string& path) {
  for (const std::string e : {".svg", ".png", ".SVG", ".PNG"})
    if (path.size() > e.size() && path.compare(path.size() - e.size(), e.size(), e) == 0) return path.substr(0, path.size() - e.size());
  return path;
}

// A time plot's top panel with series of very different ranges (a wheel angle growing to 550 beside a
// height of ±0.3) shows the small ones as flat lines: those whose range is under a twentieth of the
// largest go to a panel of their own under it, with the same label. A path (equal aspect) keeps its panel.
Plot split_by_scale(const Plot& p) {
  if (p.equal_aspect) return p;
  const auto range = [](const std::vector<double>& y) {
    double lo = INFINITY, hi = -INFINITY;
    for (double v : y)
      if (std::isfinite(v)) lo = std::min(lo, v), hi = std::max(hi, v);
    return hi > lo ? hi - lo : 0.0;
  };
  double largest = 0;
  for (const auto& s : p.series)
    if (s.panel == 0) largest = std::max(largest, range(s.y));
  if (!(largest > 0)) return p;
  const auto small = [&](const Series& s) { return s.panel == 0 && range(s.y) < largest / 20; };
  if (std::none_of(p.series.begin(), p.series.end(), small)) return p;
  Plot out = p;
  for (auto& s : out.series) s.panel = small(s) ? 1 : s.panel == 0 ? 0 : s.panel + 1;
  out.panel_labels.insert(out.panel_labels.begin(), p.ylabel);
  return out;
}

PlotFiles plot(const Plot& given, const std::string& base) {
  check_shape(given);
  const Plot p = split_by_scale(given);
  const std::string gnuplot = find_gnuplot();
  if (gnuplot.empty())
    throw NotImplemented(detail::message("plot", "gnuplot not found", "gnuplot on PATH or $HAMEL_GNUPLOT",
                                         "none", "install it (Debian: apt-get install gnuplot-nox)"));
  PlotFiles files{base + ".dat", base + ".gp", base + ".svg", ""};
  // the folder of `base` (derive --plots DIR) is made when a plot is written, not before: nothing is
  // created for a derivation without plots; one that cannot be made is the first write's error
  std::error_code ec;
  const std::filesystem::path folder = std::filesystem::path(base).parent_path();
  if (!folder.empty()) std::filesystem::create_directories(folder, ec);
  write_data(p, files.data);
  const Layout l = layout(p);
  write_script(p, l, files.data, files.script);
  std::string error;
  const std::string size = std::to_string(l.width) + "," + std::to_string(l.height);
  if (!render(gnuplot, "svg size " + size + " dynamic background rgb 'white'", files.svg, files.script, error))
    throw NotImplemented(detail::message("plot", "gnuplot could not draw the SVG", "a drawing",
                                         error.empty() ? "no output" : error));
  if (render(gnuplot, "pngcairo size " + size, base + ".png", files.script, error)) files.png = base + ".png";
  return files;
}

}  // namespace hamel
