/** vite/inline-script.ts: a script's minified text, to be written inline in a page. */
declare module "*?inline-script" {
  const code: string;
  export default code;
}
