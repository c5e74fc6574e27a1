"""docs/python.md runs as written: its ```python blocks, in order, in one namespace (as the cells of
one notebook), from the repository root. Each block's asserts are the walkthrough's claims."""
import pathlib
import re

DOC = pathlib.Path(__file__).resolve().parents[2] / "docs" / "python.md"
BLOCKS = re.findall(r"^```python\n(.*?)^```", DOC.read_text(encoding="utf-8"), re.S | re.M)


def test_the_walkthrough_has_code():
    assert len(BLOCKS) >= 4


def test_the_walkthrough_runs(capsys):
    cells = {}
    for k, code in enumerate(BLOCKS):
        exec(compile(code, "%s, block %d" % (DOC.name, k + 1), "exec"), cells)
