"""Results files: CSV (stdlib) or Parquet (pyarrow, the ``sim`` extra), chosen by the suffix.

Every write replaces the whole file through a temporary file in the same folder, so a results
file is always complete: the rows it had, or the rows it had plus the new ones. Reading one
gives rows typed as in :data:`~delvekit.sim.game.COLUMNS` (empty cells are ``None``).

>>> import tempfile, pathlib
>>> path = pathlib.Path(tempfile.mkdtemp()) / "r.csv"
>>> write_rows(path, [{"scenario": 1, "party": "brute,mindthief", "result": "victory", "seconds": 1.5}])
>>> row = read_rows(path)[0]
>>> row["scenario"], row["party"], row["seconds"], row["rounds"]
(1, 'brute,mindthief', 1.5, None)
"""

from __future__ import annotations

import csv
import io
import os
import tempfile
from collections.abc import Sequence
from pathlib import Path

from delvekit.core.errors import InputError
from delvekit.sim.game import COLUMNS, Row, Value
from delvekit.sim.plan import key_of

FORMATS = (".csv", ".parquet")
_TYPES = dict(COLUMNS)


def check_path(path: Path, option: str = "--out") -> None:
    """Refuse a results path we could not write (bad suffix, missing folder, a folder)."""
    if path.suffix.lower() not in FORMATS:
        raise InputError(f"{path}: write .csv or .parquet", where=option)
    if path.is_dir() or not path.parent.is_dir():
        raise InputError(f"cannot write {path}: not a file in an existing folder", where=option)
    if path.suffix.lower() == ".parquet":
        _pyarrow()


def _pyarrow() -> None:
    try:
        import pyarrow  # type: ignore[import-untyped]  # noqa: F401
    except ImportError:
        raise InputError(
            "Parquet needs pyarrow: pip install 'delvekit[sim]' (or write .csv)", where="--out"
        ) from None


def row_key(row: Row) -> str:
    return key_of(
        int(row["scenario"] or 0),
        str(row["party"]),
        int(row["level"] or 0),
        str(row["difficulty"]),
        str(row["bots"]),
        int(row["seed"] or 0),
    )


def _cell(name: str, text: str) -> Value:
    if text == "":
        return None
    kind = _TYPES.get(name, str)
    if kind is bool:
        return text.lower() in ("true", "1")
    if kind is int:
        return int(float(text))
    if kind is float:
        return float(text)
    return text


def read_rows(path: Path) -> list[Row]:
    """The rows of a results file (``[]`` when it does not exist)."""
    if not path.exists():
        return []
    where = str(path)
    if path.suffix.lower() == ".parquet":
        _pyarrow()
        import pyarrow.parquet as pq  # type: ignore[import-untyped]

        try:
            table = pq.read_table(path)
        except Exception as exc:
            raise InputError(f"not a readable Parquet file: {exc}", where=where) from None
        rows: list[Row] = table.to_pylist()
    else:
        try:
            text = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            raise InputError(f"cannot read: {exc}", where=where) from None
        reader = csv.DictReader(io.StringIO(text))
        rows = [{k: _cell(k, v or "") for k, v in r.items() if k is not None} for r in reader]
    needed = ("scenario", "party", "level", "bots", "seed", "result", "rounds")
    missing = [c for c in needed if rows and c not in rows[0]]
    if missing:
        raise InputError(f"not a results file: no column {', '.join(missing)}", where=where)
    for r in rows:
        for name, _ in COLUMNS:
            r.setdefault(name, None)
    return rows


def write_rows(path: Path, rows: Sequence[Row]) -> None:
    """Replace ``path`` with ``rows`` (all of them or, on a failure, none)."""
    names = [name for name, _ in COLUMNS]
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    os.close(fd)
    try:
        if path.suffix.lower() == ".parquet":
            import pyarrow as pa
            import pyarrow.parquet as pq

            kinds = {int: pa.int64(), float: pa.float64(), str: pa.string(), bool: pa.bool_()}
            schema = pa.schema([(name, kinds[kind]) for name, kind in COLUMNS])
            table = pa.Table.from_pylist([{n: r.get(n) for n in names} for r in rows], schema=schema)
            pq.write_table(table, tmp)
        else:
            with open(tmp, "w", encoding="utf-8", newline="") as out:
                w = csv.DictWriter(out, fieldnames=names, extrasaction="ignore")
                w.writeheader()
                for r in rows:
                    w.writerow({n: ("" if r.get(n) is None else r.get(n)) for n in names})
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
