/**
 * WARNING: the DEVELOPMENT trust root. Its private key is in the repository
 * (apps/gateway/dev-keys/dev-trust-root.key.pem), so anyone can sign with it: production builds
 * supply their own certificate (see the README, "Request signing").
 *
 * The client checks `serverPublicKeySign` against the public key of this certificate (SPEC 5).
 */
export const DEV_TRUST_ROOT_CERT_PEM = `-----BEGIN CERTIFICATE-----
MIIDczCCAlugAwIBAgIULr1sa40CWUIL7KIVV99reH06kxYwDQYJKoZIhvcNAQEL
BQAwSTFHMEUGA1UEAww+ZXhjaGFuZ2Utd2ViIGRldmVsb3BtZW50IHRydXN0IHJv
b3QgKERPIE5PVCBVU0UgSU4gUFJPRFVDVElPTikwHhcNMjYxMTIyMjEwODQ4WhcN
MzYxMTE5MjEwODQ4WjBJMUcwRQYDVQQDDD5leGNoYW5nZS13ZWIgZGV2ZWxvcG1l
bnQgdHJ1c3Qgcm9vdCAoRE8gTk9UIFVTRSBJTiBQUk9EVUNUSU9OKTCCASIwDQYJ
KoZIhvcNAQEBBQADggEPADCCAQoCggEBALTIzbtbNjC8ldijICIQBTiYZG7CWlRM
+pJ5GnlFS+dbGmj2DXqYyP1QVKga2yzNmcY4ap1OAIem8XszO1zyqI2efpcK1WEh
q0k3E0+L4ct+w+MQp4RQIMqNRoUfTekqJZXn5Q5qHktV4ZPyLo2wmtDKltHCKBxc
S87O8ki8equLfcCDsQrGD2HONm5kx4RjHcvCwxFz4IW33tkLJvmF0dgQ69pYSkRJ
m1BxHg4tPVNbpuaarQ7lWhuTfcxVTSFOIqAia4mb0ZZq9Bn2VKH0824KSTihOCr0
doMYmzSVIqqg6k8CJz2cMd0Acyq8FWqvUw6SVD8G/cApnoim0LJsdX0CAwEAAaNT
MFEwHQYDVR0OBBYEFI4wyUCZtedysMz6GFxU+hwNZQc2MB8GA1UdIwQYMBaAFI4w
yUCZtedysMz6GFxU+hwNZQc2MA8GA1UdEwEB/wQFMAMBAf8wDQYJKoZIhvcNAQEL
BQADggEBADODbCSX01XO2rJJDHn1W8uLZA5X8NYnO9DYtsSFerhMYzBegoR/K7Q4
JpRIIpu6Y460XD2XDW0/MHNGRZehlpvoTcf+khfo6bkZXTkWL3C2oBBUNPQcaLJg
Hj51WAwWVN1qI4nErMwUm9E+bW1bJNq9TJ1NnsdNpMs+oI60p3oWN0CccZvM4GcD
0inQYXw15UixDK/g9MyZeTwSRze1WmFDRlio6+WzsCn0IP3lW99h0EhFQYoxYyNV
VIhbEhXeQVGk6pe4maUpyVFlvycKT5upOOly0RTNM5hVoOguPOyW0YNQNtMm9bzT
ctVuElCc4PAg5Bj1Zg2pbzMWxAo2ic0=
-----END CERTIFICATE-----
`;

/**
 * The public key of {@link DEV_TRUST_ROOT_CERT_PEM} (base64 of its DER SubjectPublicKeyInfo), as
 * the site builds it in: the browser imports the key directly instead of parsing X.509 (issue 18;
 * the site's build reads a production certificate's key with Node's X509Certificate). A test
 * checks it against the certificate.
 */
export const DEV_TRUST_ROOT_PUBLIC_KEY =
  'MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAtMjNu1s2MLyV2KMgIhAFOJhkbsJaVEz6knkaeUVL51saaPYNepjI/VBUqBrbLM2ZxjhqnU4Ah6bxezM7XPKojZ5+lwrVYSGrSTcTT4vhy37D4xCnhFAgyo1GhR9N6SolleflDmoeS1Xhk/IujbCa0MqW0cIoHFxLzs7ySLx6q4t9wIOxCsYPYc42bmTHhGMdy8LDEXPghbfe2Qsm+YXR2BDr2lhKREmbUHEeDi09U1um5pqtDuVaG5N9zFVNIU4ioCJriZvRlmr0GfZUofTzbgpJOKE4KvR2gxibNJUiqqDqTwInPZwx3QBzKrwVaq9TDpJUPwb9wCmeiKbQsmx1fQIDAQAB';
