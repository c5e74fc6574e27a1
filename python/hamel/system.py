"""System files derived and checked in-process (docs/python.md, "A system").

A derivation is the JSON model `hamel derive --json` writes, read by hamel_json (so every value is
a SymPy expression in the derivation's own symbols), with the LaTeX and text reports besides.
"""
import json
from dataclasses import dataclass

from . import _hamel, hamel_json


def load(path):
    """Reads and checks a system file; hamel.ParseError (file:line:column) for what it refuses."""
    return System(_hamel.load_system(str(path)))


def loads(text, name="<string>"):
    """A system file given as YAML text; `name` stands for the file in error messages."""
    return System(_hamel.system_from_string(text, name))


class System:
    """A system file, read and checked: derive it, check claims against it."""

    def __init__(self, c):
        self._c = c

    @property
    def name(self):
        return self._c.name

    @property
    def file(self):
        return self._c.file

    def derive(self, plots=None):
        """Every section `hamel derive` computes, as a Derivation; plots go into the folder `plots`."""
        return Derivation(self._c.derive(str(plots) if plots else ""))

    def check(self, claims=None, text=None, name="<claims>"):
        """The verdicts on a claims file (a path), or on claims given as YAML `text`."""
        if (claims is None) == (text is None):
            raise ValueError("check: expected a claims file or text=, got %s" % ("both" if text else "neither"))
        raw = self._c.check_file(str(claims)) if text is None else self._c.check_string(text, name)
        return Claims(ClaimVerdict(**v) for v in raw)

    def __repr__(self):
        return "hamel.System(%r from %s)" % (self.name, self.file)


class Derivation(hamel_json.Derivation):
    """A derivation (hamel_json.Derivation: symbols, objects as SymPy, checks, sections), with
    .json (the text `hamel derive --json` writes), latex(), text() and a notebook display."""

    def __init__(self, c):
        self._c = c
        self.json = c.json()
        super().__init__(json.loads(self.json))

    def latex(self, body_only=False):
        """The LaTeX report (`--latex`), or only its sections (`--latex-body`)."""
        return self._c.latex(body_only)

    def text(self, quiet=False):
        """The text report `hamel derive` prints."""
        return self._c.text(quiet)

    @property
    def failures(self):
        """The ids of the checks whose verdict is not the expected one."""
        return [i for i, c in self.checks.items() if c["status"] == "failure" or
                (c["status"] == "undecided" and c.get("expected") is not None)]

    def _repr_latex_(self):
        return self._c.notebook_latex()

    def __repr__(self):
        s = self.summary
        return "hamel.Derivation(%r: %d objects, %d checks, %d failures)" % (
            self.name, len(self.objects), s["checks"], s["failures"])


@dataclass(frozen=True)
class ClaimVerdict:
    """One claim's verdict, as `hamel check` prints it; derived and claimed are Hamel's texts."""
    name: str
    kind: str
    holds: bool
    undecided: bool
    expected: bool
    how: str
    derived: str
    claimed: str
    counterexample: str
    line: int

    @property
    def as_expected(self):
        """Never for an undecided claim: neither outcome was shown."""
        return not self.undecided and self.holds == self.expected


class Claims(list):
    """The verdicts of a claims file, in file order."""

    @property
    def as_expected(self):
        """True when every verdict is the one the claims file expects (`hamel check` exits 0)."""
        return all(v.as_expected for v in self)

    @property
    def unexpected(self):
        return [v for v in self if not v.as_expected]

    def summary(self):
        """'8 claims: 6 true, 2 false' as `hamel check` prints it (and ', n undecided')."""
        t = sum(v.holds for v in self)
        u = sum(v.undecided for v in self)
        return "%d claims: %d true, %d false%s" % (len(self), t, len(self) - t - u, ", %d undecided" % u if u else "")
