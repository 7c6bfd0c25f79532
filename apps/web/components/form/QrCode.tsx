import { QRCodeSVG } from 'qrcode.react';

export interface QrCodeProps {
  /** What a camera reads: an otpauth URI, a page address. */
  value: string;
  /** What the code is for, to a screen reader. */
  label: string;
  'data-testid'?: string;
}

/**
 * A QR code for a camera to read: dark on light in both themes, as scanners expect. Loaded with
 * `next/dynamic` where it is shown, so pages without one never download the encoder.
 */
export default function QrCode({ value, label, ...rest }: QrCodeProps) {
  return (
    <QRCodeSVG
      value={value}
      size={176}
      marginSize={2}
      level="M"
      bgColor="#ffffff"
      fgColor="#000000"
      title={label}
      role="img"
      aria-label={label}
      data-testid={rest['data-testid']}
    />
  );
}
