//! How a copy moves rows: each table of the schema (`tables.rs`) with its key and columns, read
//! from SQLite a page at a time (in key order) and written to PostgreSQL as arrays unnested in
//! one statement.

use Kind::{Bool, Float, Int, Text};
use sqlx::sqlite::SqliteRow;
use sqlx::{AssertSqlSafe, Row};

/// A column's type, as both schemas hold it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Kind {
    Int,
    Text,
    /// INTEGER 0/1 in SQLite, BOOLEAN in PostgreSQL.
    Bool,
    /// REAL in SQLite, DOUBLE PRECISION in PostgreSQL.
    Float,
}

/// What a copy may do to a row PostgreSQL already holds with other contents.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Policy {
    /// Written once, never changed (logs, finished rounds, finished matches and their rating
    /// changes, seasons): other contents mean the two stores went different ways.
    Append,
    /// Replaced by SQLite's row when SQLite's `version` is greater (the SQLite store went on
    /// since the last copy); the same or a later version with other contents means PostgreSQL
    /// went on by itself.
    Versioned,
    /// Replaced by SQLite's row (running totals, message references).
    Replace,
}

/// One table of the schema.
pub(super) struct Spec {
    pub name: &'static str,
    /// Columns, the key's first.
    pub columns: &'static [(&'static str, Kind)],
    pub keys: usize,
    pub policy: Policy,
}

/// A page of rows, column by column (as PostgreSQL's arrays take them).
pub(super) enum Column {
    Int(Vec<i64>),
    Text(Vec<String>),
    Bool(Vec<bool>),
    Float(Vec<f64>),
}

/// One key value, to resume reading after it.
#[derive(Clone, Debug)]
pub(super) enum KeyValue {
    Int(i64),
    Text(String),
}

fn list(names: impl Iterator<Item = String>) -> String {
    names.collect::<Vec<_>>().join(", ")
}

impl Spec {
    fn names(&self) -> impl Iterator<Item = &'static str> + '_ {
        self.columns.iter().map(|(n, _)| *n)
    }

    fn key_names(&self) -> impl Iterator<Item = &'static str> + '_ {
        self.names().take(self.keys)
    }

    fn value_names(&self) -> impl Iterator<Item = &'static str> + '_ {
        self.names().skip(self.keys)
    }

    /// SQLite: a page of rows in key order, after the key bound first when `resume`d, as many
    /// as the last parameter says.
    pub(super) fn page_sql(&self, resume: bool) -> AssertSqlSafe<String> {
        let keys = list(self.key_names().map(str::to_owned));
        let marks = list((1..=self.keys).map(|i| format!("?{i}")));
        let (after, limit) = match resume {
            true => (format!("WHERE ({keys}) > ({marks})"), self.keys + 1),
            false => (String::new(), 1),
        };
        AssertSqlSafe(format!(
            "SELECT {} FROM {} {after} ORDER BY {keys} LIMIT ?{limit}",
            list(self.names().map(str::to_owned)),
            self.name,
        ))
    }

    /// Reads rows of [`Spec::page_sql`] into columns; returns them and the last row's key.
    pub(super) fn columns_of(
        &self,
        rows: &[SqliteRow],
    ) -> Result<(Vec<Column>, Vec<KeyValue>), sqlx::Error> {
        let mut out: Vec<Column> = self
            .columns
            .iter()
            .map(|(_, kind)| match kind {
                Int => Column::Int(Vec::with_capacity(rows.len())),
                Text => Column::Text(Vec::with_capacity(rows.len())),
                Bool => Column::Bool(Vec::with_capacity(rows.len())),
                Float => Column::Float(Vec::with_capacity(rows.len())),
            })
            .collect();
        for row in rows {
            for (i, column) in out.iter_mut().enumerate() {
                match column {
                    Column::Int(v) => v.push(row.try_get(i)?),
                    Column::Text(v) => v.push(row.try_get(i)?),
                    Column::Bool(v) => v.push(row.try_get(i)?),
                    Column::Float(v) => v.push(row.try_get(i)?),
                }
            }
        }
        let last = out[..self.keys]
            .iter()
            .filter_map(|c| match c {
                Column::Int(v) => v.last().map(|x| KeyValue::Int(*x)),
                Column::Text(v) => v.last().map(|x| KeyValue::Text(x.clone())),
                Column::Bool(_) | Column::Float(_) => None,
            })
            .collect();
        Ok((out, last))
    }

    /// `UNNEST($1::BIGINT[], …) AS s (columns…)`: a page sent as one array per column.
    fn unnest(&self) -> String {
        let arrays = list(self.columns.iter().enumerate().map(|(i, (_, kind))| {
            let ty = match kind {
                Int => "BIGINT",
                Text => "TEXT",
                Bool => "BOOLEAN",
                Float => "DOUBLE PRECISION",
            };
            format!("${}::{ty}[]", i + 1)
        }));
        format!("UNNEST({arrays}) AS s ({})", list(self.names().map(str::to_owned)))
    }

    fn differs(&self, row: &str, other: &str) -> String {
        format!(
            "({}) IS DISTINCT FROM ({})",
            list(self.value_names().map(|n| format!("{row}.{n}"))),
            list(self.value_names().map(|n| format!("{other}.{n}")))
        )
    }

    /// PostgreSQL: inserts the page's missing rows and replaces those the policy lets a copy
    /// replace; returns one row per row written, `true` where it was inserted.
    pub(super) fn upsert_sql(&self) -> AssertSqlSafe<String> {
        let names = list(self.names().map(str::to_owned));
        let keys = list(self.key_names().map(str::to_owned));
        let on_conflict = match self.policy {
            Policy::Append => "DO NOTHING".to_owned(),
            Policy::Versioned | Policy::Replace => {
                let set = list(self.value_names().map(|n| format!("{n} = excluded.{n}")));
                let newer = if self.policy == Policy::Versioned {
                    " AND t.version < excluded.version"
                } else {
                    ""
                };
                format!("DO UPDATE SET {set} WHERE {}{newer}", self.differs("t", "excluded"))
            }
        };
        AssertSqlSafe(format!(
            "INSERT INTO {name} AS t ({names}) SELECT {names} FROM {unnest}
             ON CONFLICT ({keys}) {on_conflict} RETURNING (xmax = 0)",
            name = self.name,
            unnest = self.unnest(),
        ))
    }

    /// PostgreSQL: how many of the page's rows PostgreSQL still holds with other contents
    /// (after [`Spec::upsert_sql`]: the rows the copy may not replace).
    pub(super) fn differing_sql(&self) -> AssertSqlSafe<String> {
        let join = list(self.key_names().map(|k| format!("t.{k} = s.{k}"))).replace(", ", " AND ");
        AssertSqlSafe(format!(
            "SELECT COUNT(*) FROM {unnest} JOIN {name} AS t ON {join} WHERE {differs}",
            unnest = self.unnest(),
            name = self.name,
            differs = self.differs("t", "s"),
        ))
    }

    /// Both databases: how many rows the table holds.
    pub(super) fn count_sql(&self) -> AssertSqlSafe<String> {
        AssertSqlSafe(format!("SELECT COUNT(*) FROM {}", self.name))
    }
}
