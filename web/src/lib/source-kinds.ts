/** How a source's `kind` (from the API) is named to a reader. */
export const kindNames: Record<string, string> = {
  pdf: 'PDF',
  markdown: 'Markdown',
  text: 'Text',
  html: 'Web page',
  docx: 'Word',
  epub: 'EPUB',
};
