use std::sync::{Arc, LazyLock};

use typst::diag::{FileError, FileResult};
use typst::foundations::{Bytes, Datetime, Duration};
use typst::syntax::{FileId, RootedPath, Source, VirtualPath, VirtualRoot};
use typst::text::{Font, FontBook};
use typst::utils::LazyHash;
use typst::{Library, LibraryExt, World};

pub(crate) const TEMPLATE: &str = include_str!("slide.typ");

/// DejaVu (Debian `fonts-dejavu-core`, vendored under assets/fonts with its licence):
/// typst-assets ships no proportional sans face.
const EMBEDDED_FONTS: &[&[u8]] = &[
    include_bytes!("../../assets/fonts/DejaVuSans.ttf"),
    include_bytes!("../../assets/fonts/DejaVuSans-Bold.ttf"),
    include_bytes!("../../assets/fonts/DejaVuSans-Oblique.ttf"),
    include_bytes!("../../assets/fonts/DejaVuSansMono.ttf"),
    include_bytes!("../../assets/fonts/DejaVuSansMono-Bold.ttf"),
];

/// Everything that is the same for every slide: parsed once per process.
pub(super) struct Shared {
    library: LazyHash<Library>,
    book: LazyHash<FontBook>,
    fonts: Vec<Font>,
    main: FileId,
    data: FileId,
    source: Source,
}

fn file_id(path: &str) -> FileId {
    FileId::new(RootedPath::new(
        VirtualRoot::Project,
        VirtualPath::new(path).expect("a valid virtual path"),
    ))
}

pub(super) static SHARED: LazyLock<Arc<Shared>> = LazyLock::new(|| {
    let fonts: Vec<Font> = EMBEDDED_FONTS
        .iter()
        .map(|data| Bytes::new(*data))
        .chain(typst_assets::fonts().map(Bytes::new))
        .flat_map(Font::iter)
        .collect();
    let main = file_id("/slide.typ");
    Arc::new(Shared {
        library: LazyHash::new(Library::default()),
        book: LazyHash::new(FontBook::from_fonts(&fonts)),
        fonts,
        main,
        data: file_id("/data.json"),
        source: Source::new(main, TEMPLATE.to_string()),
    })
});

/// Whether one of the slide fonts has a glyph for `c` (Typst falls back across all of them).
pub(super) fn covers(c: char) -> bool {
    SHARED
        .fonts
        .iter()
        .any(|font| font.info().coverage.contains(u32::from(c)))
}

/// The world of one slide: the shared template and fonts, plus this slide's data. Another
/// document laid out with the slides' library and fonts (the study sheet) brings its own
/// template ([`SlideWorld::document`]).
pub(crate) struct SlideWorld {
    shared: Arc<Shared>,
    main: FileId,
    source: Source,
    data: Bytes,
}

impl SlideWorld {
    pub(super) fn new(data: Vec<u8>) -> Self {
        SlideWorld {
            main: SHARED.main,
            source: SHARED.source.clone(),
            shared: SHARED.clone(),
            data: Bytes::new(data),
        }
    }

    /// A document of its own `template` (at `path`, reading `/data.json`).
    pub(crate) fn document(path: &str, template: &str, data: Vec<u8>) -> Self {
        let main = file_id(path);
        SlideWorld {
            main,
            source: Source::new(main, template.to_string()),
            shared: SHARED.clone(),
            data: Bytes::new(data),
        }
    }
}

impl World for SlideWorld {
    fn library(&self) -> &LazyHash<Library> {
        &self.shared.library
    }

    fn book(&self) -> &LazyHash<FontBook> {
        &self.shared.book
    }

    fn main(&self) -> FileId {
        self.main
    }

    fn source(&self, id: FileId) -> FileResult<Source> {
        if id == self.main {
            Ok(self.source.clone())
        } else {
            Err(FileError::AccessDenied)
        }
    }

    fn file(&self, id: FileId) -> FileResult<Bytes> {
        if id == self.shared.data {
            Ok(self.data.clone())
        } else {
            Err(FileError::AccessDenied)
        }
    }

    fn font(&self, index: usize) -> Option<Font> {
        self.shared.fonts.get(index).cloned()
    }

    fn today(&self, _offset: Option<Duration>) -> Option<Datetime> {
        None
    }
}
