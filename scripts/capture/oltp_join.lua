#!/usr/bin/env sysbench
-- A join-heavy read-only workload for sysbench 1.0, run against the sbtest
-- tables that `sysbench oltp_read_write ... prepare` creates (id primary key,
-- secondary index on k, k drawn at random from 1..table_size).
--
-- Each event is one three-table join, run as a prepared statement:
--   a  a range of --range-size rows of one table, read by primary key;
--   b  the row of a second table whose id is a.k (a primary key lookup per row);
--   c  the rows of a third table whose k is b.id (a secondary index lookup per
--      row, then a primary key lookup for each match to read c.c).
-- sysbench's prepare draws k with its default "special" distribution, which
-- puts most values in a narrow hot range, so most a.k land there and each
-- matches dozens of rows of c: one event reads hundreds to thousands of rows.
-- sysbench's "transactions" count joins. Nothing is written.
--
--   sysbench scripts/capture/oltp_join.lua --tables=4 --table-size=50000 ... run

sysbench.cmdline.options = {
  tables = {"Number of tables (at least 3)", 4},
  table_size = {"Number of rows per table", 10000},
  range_size = {"Rows of the first table each join starts from", 100},
}

local JOIN_SQL = [[
SELECT COUNT(*), SUM(LENGTH(c.c))
  FROM sbtest%d a
  JOIN sbtest%d b ON b.id = a.k
  JOIN sbtest%d c ON c.k = b.id
 WHERE a.id BETWEEN ? AND ?]]

-- The tables a, b, c of join number i: three different tables, rotated so
-- every table plays every role.
local function join_tables(i)
  local n = sysbench.opt.tables
  return i, i % n + 1, (i + 1) % n + 1
end

function thread_init()
  if sysbench.opt.tables < 3 then
    error("oltp_join.lua needs --tables=3 or more, got " .. sysbench.opt.tables)
  end
  drv = sysbench.sql.driver()
  con = drv:connect()
  stmt, param = {}, {}
  for i = 1, sysbench.opt.tables do
    stmt[i] = con:prepare(string.format(JOIN_SQL, join_tables(i)))
    param[i] = {stmt[i]:bind_create(sysbench.sql.type.INT),
                stmt[i]:bind_create(sysbench.sql.type.INT)}
    stmt[i]:bind_param(unpack(param[i]))
  end
end

function event()
  local i = sysbench.rand.uniform(1, sysbench.opt.tables)
  local first = sysbench.rand.default(1, sysbench.opt.table_size - sysbench.opt.range_size + 1)
  param[i][1]:set(first)
  param[i][2]:set(first + sysbench.opt.range_size - 1)
  local rs = stmt[i]:execute()
  if rs then rs:free() end
end

function thread_done()
  for i = 1, sysbench.opt.tables do
    stmt[i]:close()
  end
  con:disconnect()
end
