"""
This desk covers the companies the team follows, with statements, prices and news.
This desk covers the companies the team follows, with statements, prices and news.
This desk covers the companies the team follows, with statements, prices and news.
This desk covers the companies the team follows, with statements, prices and news.
This desk covers the companies the team follows, with statements, prices and news.
This desk covers the companies the team follows, with statements, prices and news.
This desk covers the companies the team follows, with statements, prices and news.
This desk covers the companies the team follows, with statements, prices and news.
This desk covers the companies the team follows, with statements, prices and news.
This desk covers the companies the team follows, with statements, prices and news.
This desk covers the companies the team follows, with statements, prices and news.
This desk covers the companies the team follows, with statements, prices and news.
This desk covers the companies the team follows, with statements, prices and news.
This desk covers the companies the team follows, with statements, prices and news.
This desk covers the companies the team follows, with statements, prices and news.
This desk covers the companies the team follows, with statements, prices and news.
This desk covers the companies the team follows, with statements, prices and news.
This desk covers the companies the team follows, with statements, prices and news.
This desk covers the companies the team follows, with statements, prices and news.
This desk covers the companies the team follows, with statements, prices and news.
"""

TOOLS = ["company.quote"]
