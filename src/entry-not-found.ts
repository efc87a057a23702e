// The not-found page logs the miss so it shows in the console and in error monitoring (SPEC §2).
console.error(`404: no page at ${window.location.pathname}`)
