"""Small fixed vocabularies for synthetic values.

Every name here is invented; nothing refers to a real company or data vendor.
"""

from __future__ import annotations

SYMBOLS = ("AAPL", "MSFT", "ACME", "NWND", "GLBX", "INIT", "STRK", "OCPX", "VNTR", "HLXA", "BRGT", "QNTM")
"""Symbols used when a request names none."""

NAME_STEMS = (
    "Acme",
    "Northwind",
    "Globex",
    "Initech",
    "Stark",
    "Oceanic",
    "Venture",
    "Helix",
    "Bright",
    "Quantum",
    "Summit",
    "Harbor",
    "Silverline",
    "Redwood",
)
NAME_ENDINGS = ("Inc.", "Corporation", "Holdings Inc.", "Group plc", "Systems Inc.", "Industries Ltd.")

SECTORS = (
    "Technology",
    "Healthcare",
    "Financial Services",
    "Consumer Cyclical",
    "Industrials",
    "Energy",
    "Utilities",
    "Real Estate",
    "Basic Materials",
    "Communication Services",
    "Consumer Defensive",
)
INDUSTRIES = (
    "Software - Infrastructure",
    "Consumer Electronics",
    "Semiconductors",
    "Banks - Diversified",
    "Drug Manufacturers - General",
    "Specialty Retail",
    "Aerospace & Defense",
    "Oil & Gas Integrated",
    "Utilities - Regulated Electric",
    "REIT - Industrial",
)
EXCHANGES = ("NASDAQ", "NYSE", "AMEX")
EXCHANGE_NAMES = {
    "NASDAQ": "NASDAQ Global Select",
    "NYSE": "New York Stock Exchange",
    "AMEX": "American Stock Exchange",
}
COUNTRIES = ("US", "CA", "GB", "DE", "FR", "JP", "AU", "CH", "NL", "SE")
CURRENCIES = ("USD", "EUR", "GBP", "JPY", "CAD", "CHF")
CITIES = ("Springfield", "Riverton", "Lakeside", "Fairview", "Georgetown", "Madison")
STATES = ("CA", "NY", "TX", "WA", "MA", "IL")
FIRST_NAMES = ("Alex", "Jordan", "Taylor", "Morgan", "Casey", "Riley", "Jamie", "Avery", "Quinn", "Drew")
LAST_NAMES = ("Smith", "Garcia", "Chen", "Novak", "Okafor", "Larsen", "Patel", "Moreau", "Silva", "Kim")
WORDS = ("Alpha", "Beta", "Gamma", "Delta", "Sigma", "Omega", "Kappa", "Lambda")
HEADLINE_VERBS = ("reports", "announces", "expands", "raises guidance on", "completes review of", "updates outlook for")
HEADLINE_OBJECTS = (
    "quarterly results",
    "new product line",
    "share buyback",
    "dividend",
    "regional growth",
    "supply deal",
)
GRADES = ("Buy", "Outperform", "Hold", "Neutral", "Overweight", "Underperform")
RATINGS = ("A+", "A", "A-", "B+", "B", "B-", "C")
RECOMMENDATIONS = ("Strong Buy", "Buy", "Neutral", "Sell")
ACTIONS = ("upgrade", "downgrade", "maintain", "initiate")
FORM_TYPES = ("10-K", "10-Q", "8-K", "4/A", "13F-HR", "S-1")
TRADE_TYPES = ("Purchase", "Sale", "Sale (Partial)", "Sale (Full)", "Exchange")
"""What a member of congress did, as their disclosures write it."""
TRANSACTION_TYPES = ("P-Purchase", "S-Sale", "A-Award", "M-Exempt", "G-Gift")
PARTIES = ("Democrat", "Republican", "Independent")
POSITIONS = ("Senator", "Representative")
IMPACTS = ("Low", "Medium", "High")
JOB_TITLES = (
    "Chief Executive Officer",
    "Chief Financial Officer",
    "Chief Operating Officer",
    "General Counsel",
    "Chief Technology Officer",
    "Director",
)
