"""Fields the upstream now sends under other names: the current name is the field, the earlier one still reads it."""

from __future__ import annotations

import importlib

import pytest

from data_pkg.models import ResponseModel
from data_pkg.models._index import MODEL_MODULES
from data_pkg.models.company import AnalystEstimate, CompanyProfile
from data_pkg.models.sec import SECFiling8K
from tests.upstream import ROOT

MODELS: list[type[ResponseModel]] = [
    getattr(importlib.import_module(f"data_pkg.models.{module}"), name)
    for name, module in sorted(MODEL_MODULES.items())
]


def test_a_profile_read_from_the_upstreams_reply_has_its_market_cap() -> None:
    profile = CompanyProfile.model_validate_json((ROOT / "stable/profile/1.json").read_bytes().strip()[1:-1])
    assert profile.market_cap == 3_500_823_120_000
    assert profile.average_volume is not None and profile.last_dividend is not None and profile.change is not None
    assert profile.model_extra == {}


def test_the_earlier_attribute_reads_the_current_field_with_a_warning() -> None:
    profile = CompanyProfile.model_validate({"symbol": "AAPL", "marketCap": 3_500_000_000_000})
    with pytest.warns(
        DeprecationWarning, match=r"CompanyProfile\.mkt_cap is the earlier client's name: use \.market_cap"
    ):
        assert profile.mkt_cap == 3_500_000_000_000
    estimate = AnalystEstimate.model_validate({"symbol": "AAPL", "revenueAvg": 400_000_000_000})
    with pytest.warns(DeprecationWarning, match="use .revenue_avg"):
        assert estimate.estimated_revenue_avg == 400_000_000_000
    filing = SECFiling8K.model_validate({"symbol": "AAPL", "filingDate": "2025-02-04 11:00:00"})
    with pytest.warns(DeprecationWarning, match="use .filing_date"):
        assert filing.filed_date == filing.filing_date


def test_an_unknown_attribute_is_still_an_attribute_error() -> None:
    with pytest.raises(AttributeError, match="mkt_capp"):
        _ = CompanyProfile.model_validate({"symbol": "AAPL"}).mkt_capp


@pytest.mark.parametrize("model", [m for m in MODELS if m.former_fields], ids=lambda m: m.__name__)
def test_every_earlier_name_points_at_a_current_field_and_is_none_itself(model: type[ResponseModel]) -> None:
    wire = {info.alias or name for name, info in model.model_fields.items()}
    for former, current in model.former_fields.items():
        assert current in wire, f"{model.__name__}: {former} -> {current}, which is no field"
        assert former not in wire, f"{model.__name__}: {former} is still a field"
    for former_attribute, current_attribute in model.former_attributes().items():
        assert former_attribute not in model.model_fields
        assert current_attribute in model.model_fields
