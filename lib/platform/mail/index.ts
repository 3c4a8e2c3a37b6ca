export { mailSendJob, sendMail, sendMailInput, type SendMailInput } from "./send";
export { deliverOutboxMail, mailLeaseSeconds } from "./deliver";
export { requeueStrandedMail } from "./requeue";
