"""The rows of a JSON list answer, each parsed and validated only when it is first read.

A cut answer shows a few hundred rows of a reply that may hold a hundred thousand. Parsing and
validating every row made the cost of a call follow the upstream's rows, not the rows shown (a year
of 1-minute bars: about 2 s of CPU and 200 MB of memory to show 200 rows). So the body is split into
its rows' bytes in one pass that builds no value (msgspec skips each row, checking its syntax, and
notes where it lies: about a twentieth of what ``json.loads`` costs), and a row is parsed with
``json.loads`` when read, and validated against its model, under the validation mode, when its model
is read. A row never read costs nothing; one read is reported as an answer decoded whole reports it.

What the splitter refuses (an object instead of a list, ``NaN``, an escaped lone surrogate, invalid
JSON) is decoded whole as before, so its answer or its error stays what it was.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence
from functools import cache
from typing import TYPE_CHECKING, Any, overload

from data_pkg.catalog import Endpoint
from data_pkg.client._decode import Misfits, decode_row, not_json
from data_pkg.settings import ValidationMode

if TYPE_CHECKING:
    import msgspec


@cache
def _splitter() -> msgspec.json.Decoder[list[msgspec.Raw]]:
    """The decoder of a JSON list into its items' bytes, imported on first use (a client that never
    reads on demand never loads msgspec)."""
    import msgspec

    return msgspec.json.Decoder(list[msgspec.Raw])


class LazyAnswer:
    """A JSON list answer split into its rows' bytes: ``values`` parses a row when read, ``models`` validates it."""

    def __init__(self, endpoint: Endpoint, pieces: list[msgspec.Raw], mode: ValidationMode) -> None:
        self._endpoint = endpoint
        self._pieces = pieces
        self._mode = mode
        self._misfits = Misfits(endpoint)
        self._values: dict[int, Any] = {}
        self._models: dict[int, Any] = {}
        self.values: Sequence[Any] = _Rows(len(pieces), self.value)
        """The upstream's JSON value of each row, parsed when first read."""
        self.models: Sequence[Any] = _Rows(len(pieces), self.model)
        """Each row as its model, validated under the validation mode when first read (strict raises on a misfit)."""

    @classmethod
    def split(cls, endpoint: Endpoint, body: bytes, mode: ValidationMode) -> LazyAnswer | None:
        """``body`` split into its rows; None when it is not a JSON list the splitter reads (decode it whole)."""
        splitter = _splitter()
        try:
            pieces = splitter.decode(body)
        except (ValueError, RecursionError):  # msgspec.DecodeError is a ValueError
            return None
        return cls(endpoint, pieces, mode)

    def value(self, index: int) -> Any:
        """Row ``index`` (from 0) as the upstream's JSON value."""
        if index not in self._values:
            try:
                self._values[index] = json.loads(bytes(self._pieces[index]))
            except (ValueError, RecursionError):  # text that is not UTF-8, say: the splitter does not read it
                raise not_json(self._endpoint) from None
        return self._values[index]

    def model(self, index: int) -> Any:
        """Row ``index`` (from 0) as its model, under the validation mode (strict raises when it misfits)."""
        if index not in self._models:
            row = self.value(index)
            self._models[index] = decode_row(self._endpoint, row, self._mode, number=index + 1, misfits=self._misfits)
        return self._models[index]


class _Rows(Sequence[Any]):
    """``size`` rows, row ``i`` being ``read(i)``: a slice is a list of the rows it names, read then."""

    def __init__(self, size: int, read: Any) -> None:
        self._size = size
        self._read = read

    def __len__(self) -> int:
        return self._size

    @overload
    def __getitem__(self, index: int) -> Any: ...

    @overload
    def __getitem__(self, index: slice) -> list[Any]: ...

    def __getitem__(self, index: int | slice) -> Any:
        if isinstance(index, slice):
            return [self._read(i) for i in range(*index.indices(self._size))]
        if index < 0:
            index += self._size
        if not 0 <= index < self._size:
            raise IndexError("row index out of range")
        return self._read(index)

    def __iter__(self) -> Iterator[Any]:
        return (self._read(i) for i in range(self._size))

    def __repr__(self) -> str:
        return f"<{self._size:,} rows, each read when first used>"
