//! Writes the API's OpenAPI document and the shared limits into `web/src/types/`, without
//! starting a server. `just openapi` runs this, then generates `web/src/types/openapi.ts`
//! from the document (`npm run gen:api`).

use std::path::Path;

fn main() -> std::io::Result<()> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../web/src/types");
    for (name, contents) in lectern_api::openapi::web_types() {
        let path = dir.join(name);
        std::fs::write(&path, contents)?;
        println!("wrote {}", path.display());
    }
    Ok(())
}
