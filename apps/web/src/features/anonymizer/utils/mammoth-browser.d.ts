/** mammoth's standalone browser build: the same API as the package, typed by the package. */
declare module 'mammoth/mammoth.browser.min.js' {
  import mammoth from 'mammoth';
  export default mammoth;
}
