import { useHydrated } from "~/lib/hooks";
import { useTranslation } from "~/lib/i18n/use-translation";

const DIGITS = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9];

/**
 * The VR PIN of spec §3: each digit rolls into place like a counter once JavaScript runs; without
 * it, or with reduced motion, the digits stand still. Screen readers get the PIN as text.
 */
export function PinCounter({ digits }: { digits: number[] }) {
  const { t } = useTranslation();
  const animated = useHydrated();
  return (
    <p className="pin">
      <span className="visually-hidden">{t("vr.pinLabel", { pin: digits.join(" ") })}</span>
      {digits.map((digit, index) => (
        <span
          key={index}
          className={animated ? "pin-digit pin-digit-animated" : "pin-digit"}
          style={{ "--digit": digit, "--delay": `${index * 120}ms` } as React.CSSProperties}
          aria-hidden="true"
        >
          <span className="pin-strip">
            {DIGITS.map((value) => (
              <span key={value}>{value}</span>
            ))}
          </span>
        </span>
      ))}
    </p>
  );
}
