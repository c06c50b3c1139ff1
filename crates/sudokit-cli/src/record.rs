//! Machine-readable records, shared by every command: one JSON object per line (JSON Lines) or one
//! CSV row under a header, built from the same ordered fields.
//!
//! A command lists its CSV columns once ([`Columns`]); each record is a [`Fields`] list of
//! `(name, value)` pairs in that order. JSON writes the fields a record has; CSV writes every column,
//! empty where the record has no such field. Grids are strings in the line form (or JSON boards when
//! the input was a board), so that every record reads back as a puzzle: the `puzzle` field is always
//! the input puzzle. An unreadable record's is its text as it came, so that no input is lost and the
//! record reads back as the same unreadable record.

use serde_json::Value;
use sudokit::parse::RULE_FIELDS;

/// A machine-readable output format.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Machine {
    /// One JSON object per line.
    Json,
    /// A header line, then one row per record (RFC 4180 quoting).
    Csv,
}

/// The CSV columns of a command, in order. JSON objects use the same names.
pub type Columns = &'static [&'static str];

/// One record's fields, in column order.
#[derive(Clone, Debug, Default)]
pub struct Fields(Vec<(&'static str, Value)>);

impl Fields {
    /// A record of puzzle number `index` (1-based, as in messages) with its status name.
    pub fn new(index: usize, status: &str) -> Fields {
        Fields(vec![("index", Value::from(index)), ("status", Value::from(status))])
    }

    /// The fields with `file`, the input the record came from, after `index`: in a run over several
    /// inputs, where `index` restarts with each.
    pub fn with_input(mut self, input: Option<&str>) -> Fields {
        if let Some(name) = input {
            let at = self.0.iter().position(|(n, _)| *n == "index").map_or(0, |i| i + 1);
            self.0.insert(at, (FILE, Value::from(name)));
        }
        self
    }

    /// The fields with the rules of `board` (`box`, `variants`, `regions`, `cages`; none for the
    /// classic rules), so that the record reads back under them.
    pub fn with_rules_of(self, board: &sudokit::Board) -> Fields {
        sudokit::format::rules_fields(board).into_iter().fold(self, |f, (name, value)| f.set(name, value))
    }

    /// Adds a field (or replaces one of the same name).
    pub fn set(mut self, name: &'static str, value: impl Into<Value>) -> Fields {
        let value = value.into();
        match self.0.iter_mut().find(|(n, _)| *n == name) {
            Some(slot) => slot.1 = value,
            None => self.0.push((name, value)),
        }
        self
    }

    /// Appends the record, ending with a newline. `columns` orders the CSV row.
    pub fn write(&self, machine: Machine, columns: Columns, out: &mut Vec<u8>) {
        match machine {
            Machine::Json => json_object(self.0.iter().map(|(n, v)| (*n, v)), out),
            Machine::Csv => {
                for (i, column) in columns.iter().enumerate() {
                    if i > 0 {
                        out.push(b',');
                    }
                    if let Some((_, v)) = self.0.iter().find(|(n, _)| n == column) {
                        csv_value(v, out);
                    }
                }
                out.push(b'\n');
            }
        }
    }

    /// The record as bytes.
    pub fn to_bytes(&self, machine: Machine, columns: Columns) -> Vec<u8> {
        let mut out = Vec::new();
        self.write(machine, columns, &mut out);
        out
    }

    /// The record as one JSON line: these fields, then those of `more`, a command's own object.
    pub fn to_json_with(&self, more: &serde_json::Map<String, Value>) -> Vec<u8> {
        let mut out = Vec::new();
        let own = self.0.iter().map(|(n, v)| (*n, v));
        json_object(own.chain(more.iter().map(|(n, v)| (n.as_str(), v))), &mut out);
        out
    }
}

/// The field and column naming the input a record came from, in a run over several inputs.
pub const FILE: &str = "file";

/// `columns` with the rule columns after `puzzle` (at the end, without one): the columns of an
/// input whose records may carry rules ([`sudokit::Notation::rules`]), so that its CSV reads back
/// under the same rules.
pub fn with_rules(columns: Columns) -> Columns {
    extended(columns, true, false)
}

/// `columns`, with the rule columns where `rules` (see [`with_rules`]), and with [`FILE`] last
/// where `file`: the columns of a run over several inputs, whose `index` restarts with each. Last,
/// so that a command's columns still start as they always have.
pub fn extended(columns: Columns, rules: bool, file: bool) -> Columns {
    if !rules && !file {
        return columns;
    }
    // A command has one or two column lists: each extended list is made once and kept for the
    // run, as the plain lists are constants.
    type Made = Vec<((Columns, bool, bool), Columns)>;
    static MADE: std::sync::Mutex<Made> = std::sync::Mutex::new(Vec::new());
    let mut made = MADE.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
    let key = (columns, rules, file);
    if let Some(&(_, c)) = made.iter().find(|(k, _)| *k == key) {
        return c;
    }
    let mut list = columns.to_vec();
    if rules {
        let at = columns.iter().position(|c| *c == "puzzle").map_or(columns.len(), |i| i + 1);
        list.splice(at..at, RULE_FIELDS);
    }
    if file {
        list.push(FILE);
    }
    let list: Columns = Box::leak(list.into_boxed_slice());
    made.push((key, list));
    list
}

/// The CSV header line of `columns`.
pub fn csv_header(columns: Columns) -> String {
    let mut out = Vec::new();
    for (i, column) in columns.iter().enumerate() {
        if i > 0 {
            out.push(b',');
        }
        // Quoted where a name needs it, as values are.
        csv_text(column, &mut out);
    }
    out.push(b'\n');
    String::from_utf8_lossy(&out).into_owned()
}

/// Appends one JSON object line, its fields in the order given (serde_json's map would sort them).
pub fn json_object<'a>(fields: impl IntoIterator<Item = (&'a str, &'a Value)>, out: &mut Vec<u8>) {
    out.push(b'{');
    for (i, (name, value)) in fields.into_iter().enumerate() {
        if i > 0 {
            out.push(b',');
        }
        json_value(&Value::from(name), out);
        out.push(b':');
        json_value(value, out);
    }
    out.extend_from_slice(b"}\n");
}

/// Appends one JSON value in its compact form.
pub fn json_value(v: &Value, out: &mut Vec<u8>) {
    // Writing a `Value` into a `Vec` cannot fail: every map key is a string.
    let _ = serde_json::to_writer(&mut *out, v);
}

/// Appends one CSV cell: text as it is, quoted when it holds a comma, a quote or a line break;
/// arrays and objects as compact JSON; `null` as an empty cell.
pub fn csv_value(v: &Value, out: &mut Vec<u8>) {
    let text = match v {
        Value::Null => return,
        Value::String(s) => s.clone(),
        Value::Array(_) | Value::Object(_) => v.to_string(),
        Value::Bool(b) => b.to_string(),
        Value::Number(n) => n.to_string(),
    };
    csv_text(&text, out);
}

/// Appends text as one CSV cell, quoted when needed.
pub fn csv_text(text: &str, out: &mut Vec<u8>) {
    if text.contains([',', '"', '\n', '\r']) {
        out.push(b'"');
        out.extend(text.replace('"', "\"\"").into_bytes());
        out.push(b'"');
    } else {
        out.extend_from_slice(text.as_bytes());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const COLUMNS: Columns = &["index", "status", "puzzle", "detail"];

    #[test]
    fn json_keeps_field_order_and_csv_fills_every_column() {
        let f = Fields::new(3, "ok").set("puzzle", "1.3").set("detail", "a, \"b\"");
        assert_eq!(
            String::from_utf8(f.to_bytes(Machine::Json, COLUMNS)).expect("utf-8"),
            "{\"index\":3,\"status\":\"ok\",\"puzzle\":\"1.3\",\"detail\":\"a, \\\"b\\\"\"}\n"
        );
        assert_eq!(
            String::from_utf8(f.to_bytes(Machine::Csv, COLUMNS)).expect("utf-8"),
            "3,ok,1.3,\"a, \"\"b\"\"\"\n"
        );
        let short = Fields::new(1, "unreadable").set("puzzle", Value::Null);
        assert_eq!(
            String::from_utf8(short.to_bytes(Machine::Csv, COLUMNS)).expect("utf-8"),
            "1,unreadable,,\n"
        );
        assert_eq!(csv_header(COLUMNS), "index,status,puzzle,detail\n");
    }

    #[test]
    fn rule_columns_follow_the_puzzle() {
        assert_eq!(
            with_rules(COLUMNS),
            ["index", "status", "puzzle", "box", "variants", "regions", "cages", "detail"]
        );
        assert!(std::ptr::eq(with_rules(COLUMNS), with_rules(COLUMNS)), "made once");
        assert_eq!(with_rules(&["index", "er"]), ["index", "er", "box", "variants", "regions", "cages"]);
    }

    #[test]
    fn the_file_goes_after_the_index_and_in_the_last_column() {
        let columns = extended(COLUMNS, true, true);
        assert_eq!(
            columns,
            ["index", "status", "puzzle", "box", "variants", "regions", "cages", "detail", "file"]
        );
        assert!(std::ptr::eq(columns, extended(COLUMNS, true, true)), "made once");
        assert_eq!(extended(COLUMNS, false, true), ["index", "status", "puzzle", "detail", "file"]);
        assert!(std::ptr::eq(extended(COLUMNS, false, false), COLUMNS));
        let f = Fields::new(2, "ok").with_input(Some("b, c.txt")).set("puzzle", "1.3");
        assert_eq!(
            String::from_utf8(f.to_bytes(Machine::Json, COLUMNS)).expect("utf-8"),
            "{\"index\":2,\"file\":\"b, c.txt\",\"status\":\"ok\",\"puzzle\":\"1.3\"}\n"
        );
        let csv = f.to_bytes(Machine::Csv, extended(COLUMNS, false, true));
        assert_eq!(String::from_utf8(csv).expect("utf-8"), "2,ok,1.3,,\"b, c.txt\"\n");
        let alone = Fields::new(2, "ok").with_input(None);
        assert_eq!(
            alone.to_bytes(Machine::Json, COLUMNS),
            Fields::new(2, "ok").to_bytes(Machine::Json, COLUMNS)
        );
    }
}
