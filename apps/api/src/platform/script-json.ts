/**
 * JSON to put inside a `<script>` element: nothing in it can end the element or open a comment, whatever
 * the catalogue or the address holds (`<`, `>`, `&` and the line separators become `\u` escapes).
 */
export const scriptJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
