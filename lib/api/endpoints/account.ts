import { AvatarAnswer, ConfirmEmailAnswer, ConfirmEmailBody, NotificationsAnswer, NotificationsBody } from "../contract/account";
import { endpoint } from "../endpoint";

export const setAvatar = endpoint({ method: "PUT", path: "/api/account/avatar", body: "raw", answer: AvatarAnswer });
export const removeAvatar = endpoint({ method: "DELETE", path: "/api/account/avatar", answer: AvatarAnswer });
export const confirmEmail = endpoint({ method: "POST", path: "/api/account/confirm-email", body: ConfirmEmailBody, answer: ConfirmEmailAnswer });
export const setNotifications = endpoint({ method: "PUT", path: "/api/account/notifications", body: NotificationsBody, answer: NotificationsAnswer });
export const avatarImage = endpoint({ method: "GET", path: "/api/avatars/{userId}" });
