"""Donations: webhooks on the local API (Ko-fi, a generic JSON POST) that become cards and perceptions."""
