declare module '*.html' {
  const url: string;
  export default url;
}
declare module '*.svg' {
  const url: string;
  export default url;
}
declare module '*.css';
declare module '*.ico' {
  const url: string;
  export default url;
}
