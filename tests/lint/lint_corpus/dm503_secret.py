"""Desk manifest.

Key for the demo account: a91f3c7e2d8b4f60e5a7c9d1b3f2e84a
"""

TOOLS = ["company.quote"]
OVERRIDES = {"company.quote": {"description": "See https://api.example.com/quote?api_key=zz81Kq0Xw3Lr7Mn5Pt2Vb9"}}
