"""Every upstream example through the client, in strict mode, over real loopback HTTP.

The test's own upstream (``tests.upstream.FakeUpstream``) answers each example's path with its body; the
client calls the endpoint's method and must read the reply whole: every row typed, nothing in
``model_extra``, every value the upstream sent still there (as ``tests/client/test_upstream_models.py``
compares them).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from data_pkg import DataClient
from data_pkg.catalog import Endpoint
from data_pkg.models import ResponseModel
from tests.upstream import SHIFTED, Example, FakeUpstream, arguments, pairs, same_value

CALLED = [(x, e) for x, e in pairs() if x.file not in SHIFTED]


@pytest.fixture(scope="module")
def upstream() -> Iterator[FakeUpstream]:
    with FakeUpstream(provider="acme") as fake:
        yield fake


@pytest.fixture(scope="module")
def client(upstream: FakeUpstream) -> Iterator[DataClient]:
    options: dict[str, Any] = {"validation_mode": "strict", "cache": "off", "segments": {"provider": "acme"}}
    with DataClient("demo", base_url=upstream.url, max_retries=0, **options) as made:
        yield made


@pytest.mark.parametrize(("example", "endpoint"), CALLED, ids=[f"{x}:{e.key}" for x, e in CALLED])
def test_the_client_reads_the_example_whole(
    upstream: FakeUpstream, client: DataClient, example: Example, endpoint: Endpoint
) -> None:
    upstream.serve(example)
    answer = getattr(getattr(client, endpoint.group), endpoint.method)(**arguments(example, endpoint))
    rows = [answer] if endpoint.single or endpoint.model is None else list(answer)  # a bulk stream reads here
    assert upstream.requests[-1] == example.path.replace("{provider}", "acme")
    if endpoint.model is None:
        assert answer == example.body  # a file endpoint: the bytes as sent
        return
    sent = example.rows()[: len(rows)] if endpoint.single else example.rows()
    assert len(rows) == len(sent)
    for index, (row, values) in enumerate(zip(rows, sent, strict=True)):
        assert isinstance(row, ResponseModel) and row.validated and row.model_extra == {}, f"row {index}"
        kept = row.model_dump(mode="json", by_alias=True)
        lost = {k: v for k, v in values.items() if not same_value(v, kept.get(k, ...), csv_text=example.is_csv)}
        assert lost == {}, f"row {index}: values lost or changed"
