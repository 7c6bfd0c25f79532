import { QRCodeSVG } from 'qrcode.react';

/** The otpauth URI as a QR code an authenticator app scans: dark on light in both themes. */
export default function AuthenticatorQr({ uri, label }: { uri: string; label: string }) {
  return (
    <QRCodeSVG
      value={uri}
      size={176}
      marginSize={2}
      level="M"
      bgColor="#ffffff"
      fgColor="#000000"
      title={label}
      role="img"
      aria-label={label}
      data-testid="authenticator-qr"
    />
  );
}
