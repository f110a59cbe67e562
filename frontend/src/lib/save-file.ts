/** Hands what the page made (text it fetched, an image it drew) to the browser as a download named `fileName`. */
export function saveAs(fileName: string, content: string | Blob, type: string) {
  const url = URL.createObjectURL(new Blob([content], { type }));
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = fileName;
  anchor.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
