use serde_json::{Value, json};

fn string() -> Value {
    json!({ "type": "string" })
}

fn nullable_string() -> Value {
    json!({ "type": ["string", "null"] })
}

fn strings() -> Value {
    json!({ "type": "array", "items": { "type": "string" } })
}

/// A strict object: every property required, no others (also the local writer's requests).
pub(super) fn object(properties: Value) -> Value {
    let required: Vec<String> = properties
        .as_object()
        .map(|p| p.keys().cloned().collect())
        .unwrap_or_default();
    json!({
        "type": "object",
        "properties": properties,
        "required": required,
        "additionalProperties": false,
    })
}

fn scene(kind: &str, mut fields: Value) -> Value {
    let map = fields.as_object_mut().expect("scene fields are an object");
    map.insert("kind".into(), json!({ "type": "string", "enum": [kind] }));
    map.insert(
        "narration".into(),
        json!({
            "type": "array",
            "items": { "type": "string" },
            "description": "One sentence per beat; sentence i reveals visual element i."
        }),
    );
    object(fields)
}

/// The storyboard as a strict JSON Schema, for OpenAI-compatible structured output
/// (every property required, optional values nullable, no extra properties).
pub fn storyboard_json_schema() -> Value {
    let equation_step = object(json!({ "math": string(), "note": nullable_string() }));
    let worked_step = object(json!({ "text": string(), "math": nullable_string() }));
    let line_range =
        object(json!({ "start": { "type": "integer" }, "end": { "type": "integer" } }));
    let series = object(json!({
        "label": string(),
        "points": {
            "type": "array",
            "items": { "type": "array", "items": { "type": "number" } },
            "description": "[x, y] pairs in increasing x"
        }
    }));
    let row = object(json!({ "left": string(), "right": string() }));
    let scenes = vec![
        scene(
            "title",
            json!({ "title": string(), "subtitle": nullable_string() }),
        ),
        scene(
            "bullets",
            json!({ "heading": string(), "items": strings() }),
        ),
        scene(
            "definition",
            json!({ "term": string(), "definition": string(), "example": nullable_string() }),
        ),
        scene(
            "equation_steps",
            json!({ "heading": string(), "steps": { "type": "array", "items": equation_step } }),
        ),
        scene(
            "worked_example",
            json!({
                "heading": string(),
                "problem": string(),
                "steps": { "type": "array", "items": worked_step },
                "answer": string()
            }),
        ),
        scene(
            "code",
            json!({
                "heading": string(),
                "language": string(),
                "code": string(),
                "focus": { "type": "array", "items": line_range }
            }),
        ),
        scene(
            "plot",
            json!({
                "heading": string(),
                "x_label": string(),
                "y_label": string(),
                "series": { "type": "array", "items": series }
            }),
        ),
        scene(
            "comparison",
            json!({
                "heading": string(),
                "left_title": string(),
                "right_title": string(),
                "rows": { "type": "array", "items": row }
            }),
        ),
        scene(
            "summary",
            json!({ "heading": string(), "points": strings() }),
        ),
        scene(
            "quiz",
            json!({
                "question": string(),
                "options": strings(),
                "answer": { "type": "integer" },
                "explanation": nullable_string()
            }),
        ),
    ];
    object(json!({
        "version": { "type": "integer", "enum": [1] },
        "title": string(),
        "subject": {
            "type": "string",
            "enum": ["Mathematics", "Programming", "Science", "Business", "General"]
        },
        "level": { "type": "integer" },
        "target_minutes": { "type": "number" },
        "wpm": { "type": "integer" },
        "scenes": { "type": "array", "items": { "anyOf": scenes } }
    }))
}
