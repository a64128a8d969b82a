//! Words kept as data: the offline writers' sentences carry `{name}` where a value goes, and
//! are filled in here.

use serde::{Serialize, de::DeserializeOwned};
use serde_json::Value;

/// `template` with every `{name}` whose name is in `values` replaced by its value, in one
/// pass (a value that itself holds `{name}` is not filled again); other braces stay.
pub(crate) fn fill(template: &str, values: &[(&str, &str)]) -> String {
    let mut out = String::with_capacity(template.len());
    let mut rest = template;
    while let Some(open) = rest.find('{') {
        out.push_str(&rest[..open]);
        let after = &rest[open + 1..];
        let value = after.find('}').and_then(|close| {
            let name = &after[..close];
            values
                .iter()
                .find(|(key, _)| *key == name)
                .map(|(_, value)| (*value, close))
        });
        match value {
            Some((value, close)) => {
                out.push_str(value);
                rest = &after[close + 1..];
            }
            None => {
                out.push('{');
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

/// `template` (a scene, say) with every string in it filled, through its JSON.
pub(crate) fn filled<T: Serialize + DeserializeOwned>(template: &T, values: &[(&str, &str)]) -> T {
    fn walk(value: &mut Value, values: &[(&str, &str)]) {
        match value {
            Value::String(text) => *text = fill(text, values),
            Value::Array(items) => items.iter_mut().for_each(|v| walk(v, values)),
            Value::Object(fields) => fields.values_mut().for_each(|v| walk(v, values)),
            _ => {}
        }
    }
    let mut value = serde_json::to_value(template).expect("a template is JSON");
    walk(&mut value, values);
    serde_json::from_value(value).expect("a filled template has the template's shape")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_filled_once_and_other_braces_stay() {
        let values = [("topic", "Sets {a}"), ("level", "beginner")];
        assert_eq!(
            fill("A {level} guide to {topic}: {x} and {", &values),
            "A beginner guide to Sets {a}: {x} and {"
        );
        let filled: Vec<String> = filled(&vec!["{topic}".to_string()], &values);
        assert_eq!(filled, ["Sets {a}"]);
    }
}
