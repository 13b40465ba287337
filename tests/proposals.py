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

RATE_FULL = """# Rate limiting design

One customer integration looped on `/v1/routes` at 300 requests/second. We need rate limits
that protect the database and that customers can see.

## Design
- Token bucket per API key in Redis, implemented as a Lua script so check-and-decrement is atomic.
- Limits by tier: Starter 10 req/s, Pro 50 req/s, Business 250 req/s, burst of 2x.
- Every response carries `RateLimit-Limit`, `RateLimit-Remaining` and `RateLimit-Reset` \
(IETF draft headers).
- Over the limit: 429 with the standard body from [[API error format]] and `Retry-After`.

## Not doing (yet)
- Per-endpoint limits. One global bucket per key is enough for now.
- Limits on the dashboard; it is behind login and rarely abused.

## Observations
- [problem] One integration looped at 300 req/s on /v1/routes #api
- [decision] Token bucket per API key in Redis via Lua #rate-limiting
- [decision] Limits tied to pricing tier
- [rule] 429 responses include Retry-After
- [decision] Enterprise keys get custom limits set by support
"""
"""The whole rate-limiting note restated by an agent with one value changed and one
decision added: an update that drops nothing, in the automatic band."""

PARTNER_QUOTAS = """# API quotas and rate limits for partners

## Design
- Token bucket per API key in Redis, implemented as a Lua script so check-and-decrement is \
atomic.
- Limits by tier: Starter 10 req/s, Pro 50 req/s, Business 200 req/s, burst of 2x.
- Every response carries `RateLimit-Limit`, `RateLimit-Remaining` and `RateLimit-Reset` \
(IETF draft headers).
- Over the limit: 429 with the standard body from [[API error format]] and `Retry-After`.

## Partner quotas
Partners on the reseller programme get a monthly quota of 5 million calls, counted per
organisation rather than per key, and reset on the first day of each month at 00:00 UTC.

## Quota alerts
At 80% of the monthly quota the partner's admins get an email and a banner in the
dashboard; at 100% calls are refused until an admin buys a top-up pack of 1 million calls.

## Billing
Top-up packs are invoiced at the end of the month through Stripe, with the partner's
negotiated discount applied; unused calls do not roll over.
"""
"""A related note: the rate-limiting note's Design section copied, and three sections of
its own on partner quotas. Before coverage it scored 0.72 against the rate-limiting note,
above the 0.694 cut upsert acted on."""
