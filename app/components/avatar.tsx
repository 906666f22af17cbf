import { useTranslation } from "~/lib/i18n/use-translation";
import { ProfileIcon } from "./icons";

/** The user's photo, or the default avatar when there is none. */
export function Avatar({ url, name, size = 36 }: { url: string | null; name: string; size?: number }) {
  const { t } = useTranslation();
  if (!url) {
    return (
      <span
        className="avatar avatar-default"
        style={{ width: size, height: size }}
        role="img"
        aria-label={t("user.defaultAvatar")}
      >
        <ProfileIcon />
      </span>
    );
  }
  return (
    <img
      className="avatar"
      src={url}
      alt={t("user.photoAlt", { name })}
      width={size}
      height={size}
      loading="lazy"
      decoding="async"
    />
  );
}
