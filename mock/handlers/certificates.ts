import type { HttpHandler } from "msw";
import { json, readBody, refuse, routes, type UserCall } from "../http";
import { t } from "../i18n";
import { MAX_UPLOAD_BYTES, sniff, storeUpload } from "../storage";
import { type MockContext, nextId } from "../store";
import type { CertificateRecord, StoredFile } from "../types";
import { file, optionalText, rejectField, text, validate } from "../validation";
import { userView } from "../views";

/** Documented trigger for the 402 of spec §8: this institution 'cannot validate' certificates. */
const REFUSING_INSTITUTION = "ERROR";

async function certificateFile(call: UserCall, part: File | null): Promise<StoredFile | null> {
  if (!part) return null;
  if (part.size > MAX_UPLOAD_BYTES) rejectField(call.locale, "file_certificate", t(call.locale, "fileTooLarge", { n: 4 }));
  const bytes = new Uint8Array(await part.arrayBuffer());
  const type = sniff(bytes);
  if (!type) return rejectField(call.locale, "file_certificate", t(call.locale, "certificateFileType"));
  return storeUpload(call.state, bytes, type);
}

/** `POST /user/certificates/save` (multipart): the certification form of spec §5. */
export function certificateHandlers(ctx: MockContext): HttpHandler[] {
  const { post } = routes(ctx);
  return [
    post("/user/certificates/save", async (call) => {
      const { locale, user } = call;
      const input = validate(
        await readBody(call),
        {
          certificate: "required|string|min:2|max:512",
          certificate_type: "required|string|in:CERTIFICATE,COURSE",
          institution: "required|string|min:2|max:512",
          expedition_date: "required|date",
          credential_id: "nullable|string|min:2|max:64",
          credential_url: "nullable|string|min:2|max:256",
          file_certificate: "nullable|file",
        },
        locale,
      );
      if (text(input.institution).toUpperCase() === REFUSING_INSTITUTION) return refuse(locale, "certificateRefused");
      const certificate: CertificateRecord = {
        id: nextId(call.state.users.flatMap((candidate) => candidate.certificates)),
        certificate: text(input.certificate),
        certificate_type: text(input.certificate_type) === "COURSE" ? "COURSE" : "CERTIFICATE",
        institution: text(input.institution),
        expedition_date: text(input.expedition_date),
        credential_id: optionalText(input.credential_id),
        credential_url: optionalText(input.credential_url),
        file: await certificateFile(call, file(input.file_certificate)),
      };
      user.certificates.push(certificate);
      const { certificates } = userView(ctx, user);
      return json({
        success: true,
        message: t(locale, "certificateSaved"),
        certificate: certificates.find((item) => item.id === certificate.id),
        certificates,
      });
    }),
  ];
}
