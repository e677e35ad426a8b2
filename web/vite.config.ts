// The built app goes into the Python package, which serves it at `/`.
import { defineConfig } from "vite";

export default defineConfig({
  base: "/",
  build: {
    outDir: "../src/stonework/server/static",
    emptyOutDir: true,
    assetsInlineLimit: 0,
  },
  server: { proxy: { "/api": { target: "http://127.0.0.1:8000", ws: true } } },
});
