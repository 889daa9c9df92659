// Vite: stylesheets imported for their side effect.
declare module '*.css'
