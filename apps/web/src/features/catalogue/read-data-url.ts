/** The file as a data URL, the form in which POST /api/uploadImage takes an image. */
export function readDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () =>
      typeof reader.result === 'string' ? resolve(reader.result) : reject(new Error('Unreadable'));
    reader.onerror = () => reject(reader.error ?? new Error('Unreadable'));
    reader.readAsDataURL(file);
  });
}
