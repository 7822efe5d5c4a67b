-- A custom pgbench script for pgbench-clients.sh: a read and an update in one
-- transaction, the read written over several lines (pgbench -r reports a
-- command by its first line) and a short \sleep between the two.
\set aid random(1, 100000 * :scale)
\set bid random(1, 1 * :scale)
BEGIN;
SELECT abalance
  FROM pgbench_accounts
 WHERE aid = :aid;
\sleep 1 ms
UPDATE pgbench_branches SET bbalance = bbalance + 1 WHERE bid = :bid;
END;
