/**
 * Authenticator codes (RFC 6238, 30 s, 6 digits) through otplib; decision 045. otplib and qrcode are
 * loaded by the first member who uses a second factor, not by every server start.
 */
const ISSUER = "Archimed";

export const newTotpSecret = async (): Promise<string> => (await import("otplib")).generateSecret();

/** The otpauth:// address an authenticator app reads, and its QR code as an SVG data URL. */
export async function enrolmentPicture(email: string, secret: string): Promise<{ uri: string; qr: string }> {
  const [{ generateURI }, { default: QRCode }] = await Promise.all([import("otplib"), import("qrcode")]);
  const uri = generateURI({ issuer: ISSUER, label: email, secret });
  const svg = await QRCode.toString(uri, { type: "svg", margin: 1, errorCorrectionLevel: "M" });
  return { uri, qr: `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}` };
}

/**
 * The time step a code belongs to, or null when it matches none. One step either side is accepted (a
 * phone's clock a few seconds off); the caller refuses a step already used, so a code serves once.
 */
export async function totpTimeStep(secret: string, code: string): Promise<number | null> {
  const { verify } = await import("otplib");
  try {
    const result = await verify({ secret, token: code, epochTolerance: 30 });
    return result.valid && "timeStep" in result ? result.timeStep : null;
  } catch {
    return null;
  }
}
