//! (feature `testkit`) The test kit: what the core's tests and the adapters' end-to-end tests
//! share. Scenario tables run through the chat layer and each adapter ([`scenario`]), what
//! must hold of every table after each step ([`invariants`]), faults injected into one chat's
//! handling ([`faults`]), what a stranger types ([`strange`]), and the flow bench's figures
//! and door ([`flow`]). Each is re-exported as `chat::<name>`.

#[cfg(any(test, feature = "testkit"))]
pub mod faults;
#[cfg(any(test, feature = "testkit"))]
pub mod flow;
#[cfg(any(test, feature = "testkit"))]
pub mod invariants;
#[cfg(any(test, feature = "testkit"))]
pub mod scenario;
#[cfg(any(test, feature = "testkit"))]
pub mod strange;
