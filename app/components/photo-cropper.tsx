import { useCallback, useId, useState } from "react";
import Cropper, { type Area } from "react-easy-crop";
import { useTranslation } from "~/lib/i18n/use-translation";

/** Spec §9: the exported picture is at most 1024 px wide. */
const MAX_OUTPUT_PX = 1024;

/** The crop of spec §4/§5: a 1:1 circle, exported as a PNG with transparent corners. */
async function cropToPng(src: string, area: Area): Promise<Blob> {
  const image = new Image();
  image.src = src;
  await image.decode();
  const size = Math.min(Math.round(area.width), MAX_OUTPUT_PX);
  const canvas = document.createElement("canvas");
  canvas.width = size;
  canvas.height = size;
  const context = canvas.getContext("2d");
  if (!context) throw new Error("no 2d canvas");
  context.beginPath();
  context.arc(size / 2, size / 2, size / 2, 0, Math.PI * 2);
  context.clip();
  context.drawImage(image, area.x, area.y, area.width, area.height, 0, 0, size, size);
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error("no blob"))), "image/png"),
  );
}

/**
 * The crop step ('Recortar', 'Cancelar'). Its own module, loaded only when a picture has been
 * chosen, so react-easy-crop never weighs on other pages.
 */
export default function PhotoCropper({
  src,
  onCropped,
  onCancel,
  onError,
}: {
  src: string;
  onCropped: (blob: Blob) => void;
  onCancel: () => void;
  onError: () => void;
}) {
  const { t } = useTranslation("profile");
  const zoomId = useId();
  const [crop, setCrop] = useState({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  const [area, setArea] = useState<Area | null>(null);
  const [busy, setBusy] = useState(false);
  const onCropComplete = useCallback((_: Area, pixels: Area) => setArea(pixels), []);

  async function finish() {
    if (!area) return;
    setBusy(true);
    try {
      onCropped(await cropToPng(src, area));
    } catch {
      onError();
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="stack">
      <div className="photo-crop-area">
        <Cropper
          image={src}
          crop={crop}
          zoom={zoom}
          aspect={1}
          cropShape="round"
          disableAutomaticStylesInjection
          showGrid={false}
          onCropChange={setCrop}
          onZoomChange={setZoom}
          onCropComplete={onCropComplete}
          cropperProps={{ "aria-label": t("photo.cropArea"), role: "group" }}
          mediaProps={{ alt: "", onError }}
        />
      </div>
      <div className="field">
        <label htmlFor={zoomId}>{t("photo.zoom")}</label>
        <input
          id={zoomId}
          type="range"
          min={1}
          max={3}
          step={0.1}
          value={zoom}
          // The chooser it replaces had the focus; keyboard users land on the first control here.
          // eslint-disable-next-line jsx-a11y/no-autofocus -- see above
          autoFocus
          onChange={(event) => setZoom(Number(event.target.value))}
        />
      </div>
      <div className="button-row">
        <button type="button" className="button" onClick={onCancel}>
          {t("cancel")}
        </button>
        <button type="button" className="button button-primary" onClick={finish} disabled={!area || busy}>
          {t("photo.crop")}
        </button>
      </div>
    </div>
  );
}
