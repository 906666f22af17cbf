import type { StoredFile } from "./types";

/** The real files under mock/files that the seed points at. */
const file = (folder: string, name: string): StoredFile => ({ folder, name });

export const files = {
  coverAuditoria: file("media/", "cover-auditoria.png"),
  coverRiesgos: file("media/", "cover-riesgos.png"),
  coverEspecializada: file("media/", "cover-especializada.png"),
  infographic: file("media/", "infografia-control-interno.png"),
  guidePdf: file("media/", "guia-auditoria-interna.pdf"),
  // A page of text, then a scanned page with none (tests/fixtures/mock-pdfs.ts writes it).
  methodologyPdf: file("media/", "metodologia-riesgos.pdf"),
  podcast: file("media/", "podcast-auditoria.wav"),
  welcomeVideo: file("media/", "video-bienvenida.mp4"),
  scorm: file("scorm/intro-auditoria/", "index.html"),
  scorm2004: file("scorm/arqueo-caja-2004/", "index.html"),
  scormUnload: file("scorm/cuestionario-cierre/", "index.html"),
  scormSlides: file("scorm/diapositivas-16x9/", "index.html"),
  // Packages of issue #13 (tests/fixtures/scorm-packages.ts writes them).
  scormMastery: file("scorm/examen-dominio-12/", "index.html"),
  scormObjectives: file("scorm/objetivos-2004/", "index.html"),
  scormMulti2004: file("scorm/multi-sco-2004/", "parte.html"),
  scormMulti12: file("scorm/multi-sco-12/", "leccion-1.html"),
  // Issue #27: attempts.
  scormAttempts12: file("scorm/intentos-12/", "index.html"),
  avatarAna: file("avatars/", "ana-martinez.png"),
  avatarCarlos: file("avatars/", "carlos-ruiz.png"),
  avatarOne: file("avatars/", "avatar-1.png"),
  avatarTwo: file("avatars/", "avatar-2.png"),
  badge: (name: string) => file("badges/", `${name}.png`),
} as const;
