import { CheckoutAnswer, CurrentSubscription, DemoCheckoutAnswer, DemoCheckoutCompletion, DowngradeAnswer, OnboardingStatus, PlanChoice, PlansAnswer, PortalAnswer, SeatsChange, SeatsQuote } from "../contract/billing";
import { OkAnswer } from "../contract/common";
import { endpoint } from "../endpoint";

export const cancelDemoCheckout = endpoint({ method: "POST", path: "/api/billing/demo/{id}/cancel", answer: OkAnswer });
export const completeDemoCheckout = endpoint({ method: "POST", path: "/api/billing/demo/{id}/complete", body: DemoCheckoutCompletion, answer: DemoCheckoutAnswer });
export const cancelSubscription = endpoint({ method: "POST", path: "/api/subscriptions/cancel", answer: CurrentSubscription });
export const createCheckoutSession = endpoint({ method: "POST", path: "/api/subscriptions/create-checkout-session", body: PlanChoice, answer: CheckoutAnswer });
export const currentSubscription = endpoint({ method: "GET", path: "/api/subscriptions/current", answer: CurrentSubscription });
export const markOnboardingSeen = endpoint({ method: "POST", path: "/api/subscriptions/onboarding-seen", answer: OkAnswer });
export const onboardingStatus = endpoint({ method: "GET", path: "/api/subscriptions/onboarding-status", answer: OnboardingStatus });
export const listPlans = endpoint({ method: "GET", path: "/api/subscriptions/plans", answer: PlansAnswer });
export const openBillingPortal = endpoint({ method: "POST", path: "/api/subscriptions/portal", answer: PortalAnswer });
export const resumeSubscription = endpoint({ method: "POST", path: "/api/subscriptions/resume", answer: CurrentSubscription });
export const scheduleDowngrade = endpoint({ method: "POST", path: "/api/subscriptions/schedule-downgrade", body: PlanChoice, answer: DowngradeAnswer });
export const changeSeats = endpoint({ method: "POST", path: "/api/subscriptions/seats", body: SeatsChange, answer: CurrentSubscription });
export const quoteSeats = endpoint({ method: "POST", path: "/api/subscriptions/seats/quote", body: SeatsChange, answer: SeatsQuote });
export const stripeWebhook = endpoint({ method: "POST", path: "/api/webhooks/stripe" });
