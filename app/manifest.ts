import type { MetadataRoute } from "next";

/** Installable as an app (a PWA): it opens on the dashboard, whose shell the service worker (public/sw.js) keeps for offline recording. */
export default function manifest(): MetadataRoute.Manifest {
  return {
    name: "Verbatim",
    short_name: "Verbatim",
    description: "Record or upload audio and get an accurate transcript, live while you speak.",
    start_url: "/dashboard",
    scope: "/",
    display: "standalone",
    background_color: "#ffffff",
    theme_color: "#059669",
    icons: [
      { src: "/icon.svg", sizes: "any", type: "image/svg+xml" },
      { src: "/icon-192.png", sizes: "192x192", type: "image/png" },
      { src: "/icon-512.png", sizes: "512x512", type: "image/png" },
    ],
  };
}
