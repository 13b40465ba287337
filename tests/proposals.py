"""Proposed note texts shared by the upsert, MCP and console-proposal tests."""

RATE = """# API rate limits

A customer integration hammered `/v1/routes` at about 300 requests per second, so we are
adding rate limits that protect Postgres and are visible to customers.

## How it works
- One token bucket per API key, kept in Redis; a Lua script does check-and-decrement atomically.
- Tier limits: Starter 10 req/s, Pro 50 req/s, Business 200 req/s, bursts up to 2x.
- Responses include `RateLimit-Limit`, `RateLimit-Remaining` and `RateLimit-Reset`.
- When over the limit we answer 429 with `Retry-After` and the body from [[API error format]].

## Observations
- [decision] Token bucket per API key in Redis #rate-limiting
- [rule] 429 responses include Retry-After
- [decision] Enterprise keys get custom limits set by support
"""
RATE_TARGET = "engineering/rate-limiting-design.md"

MIGRATION = """# DB migration rules

Schema change rules for production Postgres, written after the February outage where
ALTER TABLE ADD COLUMN DEFAULT locked waitlist_entries for 6 minutes.

1. Expand then contract: add columns first, dual write, backfill, switch reads, drop later.
2. Locking DDL only between 02:00 and 05:00 CET with lock_timeout 5s.
3. Create indexes CONCURRENTLY in their own migration.
4. Backfills are batched jobs of 5000 rows.
5. Every migration is reversible or has a restore plan.
"""
