#include "discovery.h"
#include <avahi-client/client.h>
#include <avahi-client/publish.h>
#include <avahi-client/lookup.h>
#include <avahi-common/thread-watch.h>
#include <avahi-common/simple-watch.h>
#include <avahi-common/error.h>
#include <avahi-common/malloc.h>
#include <avahi-common/timeval.h>
#include <avahi-common/alternative.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SERVICE_TYPE "_chalkline._tcp"

struct cl_advert {
    AvahiThreadedPoll *poll;
    AvahiClient *client;
    AvahiEntryGroup *group;
    char *name;
    char *txt;
    uint16_t port;
};

static void publish(cl_advert *a);

static void group_changed(AvahiEntryGroup *g, AvahiEntryGroupState state, void *userdata) {
    cl_advert *a = userdata;
    if (state == AVAHI_ENTRY_GROUP_COLLISION) {
        /* Another server has the name on this network: take "NAME #2". */
        char *other = avahi_alternative_service_name(a->name);
        avahi_free(a->name);
        a->name = other;
        avahi_entry_group_reset(g);
        publish(a);
    }
}

static void publish(cl_advert *a) {
    if (!a->group) a->group = avahi_entry_group_new(a->client, group_changed, a);
    if (!a->group) return;
    if (avahi_entry_group_is_empty(a->group)) {
        if (avahi_entry_group_add_service(a->group, AVAHI_IF_UNSPEC, AVAHI_PROTO_UNSPEC, 0, a->name, SERVICE_TYPE,
                                          NULL, NULL, a->port, a->txt, NULL) < 0) return;
        avahi_entry_group_commit(a->group);
    }
}

static void client_changed(AvahiClient *c, AvahiClientState state, void *userdata) {
    cl_advert *a = userdata;
    a->client = c;
    if (state == AVAHI_CLIENT_S_RUNNING) publish(a);
    else if (state == AVAHI_CLIENT_S_COLLISION || state == AVAHI_CLIENT_S_REGISTERING) {
        if (a->group) avahi_entry_group_reset(a->group);
    }
}

cl_advert *cl_advertise_start(const char *name, uint16_t port, const char *txt, char *error, int error_len) {
    cl_advert *a = calloc(1, sizeof *a);
    if (!a) return NULL;
    a->name = avahi_strdup(name);
    a->txt = strdup(txt);
    a->port = port;
    a->poll = avahi_threaded_poll_new();
    int err = 0;
    if (a->poll) {
        /* AVAHI_CLIENT_NO_FAIL is not set: with no daemon this fails at once and says so. */
        a->client = avahi_client_new(avahi_threaded_poll_get(a->poll), 0, client_changed, a, &err);
    }
    if (!a->poll || !a->client || avahi_threaded_poll_start(a->poll) < 0) {
        snprintf(error, error_len, "%s", a->poll ? avahi_strerror(err) : "no memory for Avahi's poll");
        if (a->client) avahi_client_free(a->client);
        if (a->poll) avahi_threaded_poll_free(a->poll);
        avahi_free(a->name);
        free(a->txt);
        free(a);
        return NULL;
    }
    return a;
}

void cl_advertise_stop(cl_advert *a) {
    if (!a) return;
    avahi_threaded_poll_stop(a->poll);
    avahi_client_free(a->client);
    avahi_threaded_poll_free(a->poll);
    avahi_free(a->name);
    free(a->txt);
    free(a);
}

typedef struct {
    AvahiSimplePoll *poll;
    AvahiClient *client;
    cl_found_cb found;
    void *context;
    int pending;
} browse_state;

static void resolved(AvahiServiceResolver *r, AvahiIfIndex i, AvahiProtocol p, AvahiResolverEvent event, const char *name,
                     const char *type, const char *domain, const char *host, const AvahiAddress *address, uint16_t port,
                     AvahiStringList *txt, AvahiLookupResultFlags flags, void *userdata) {
    browse_state *b = userdata;
    if (event == AVAHI_RESOLVER_FOUND) {
        char text[AVAHI_ADDRESS_STR_MAX];
        avahi_address_snprint(text, sizeof text, address);
        char *record = avahi_string_list_to_string(txt);
        b->found(b->context, name, host, text, port, record ? record : "");
        avahi_free(record);
    }
    avahi_service_resolver_free(r);
}

static void browsed(AvahiServiceBrowser *browser, AvahiIfIndex interface, AvahiProtocol protocol, AvahiBrowserEvent event,
                    const char *name, const char *type, const char *domain, AvahiLookupResultFlags flags, void *userdata) {
    browse_state *b = userdata;
    if (event == AVAHI_BROWSER_NEW) {
        avahi_service_resolver_new(b->client, interface, protocol, name, type, domain, AVAHI_PROTO_INET, 0, resolved, b);
    }
}

static void browse_client_changed(AvahiClient *c, AvahiClientState state, void *userdata) { (void)c; (void)state; (void)userdata; }

static void stop_browsing(AvahiTimeout *t, void *userdata) {
    (void)t;
    avahi_simple_poll_quit(((browse_state *)userdata)->poll);
}

int cl_browse(int timeout_ms, cl_found_cb found, void *context, char *error, int error_len) {
    browse_state b = {0};
    b.found = found;
    b.context = context;
    b.poll = avahi_simple_poll_new();
    if (!b.poll) { snprintf(error, error_len, "no memory for Avahi's poll"); return -1; }
    int err = 0;
    b.client = avahi_client_new(avahi_simple_poll_get(b.poll), 0, browse_client_changed, &b, &err);
    if (!b.client) {
        snprintf(error, error_len, "%s", avahi_strerror(err));
        avahi_simple_poll_free(b.poll);
        return -1;
    }
    AvahiServiceBrowser *browser = avahi_service_browser_new(b.client, AVAHI_IF_UNSPEC, AVAHI_PROTO_UNSPEC, SERVICE_TYPE,
                                                              NULL, 0, browsed, &b);
    struct timeval until;
    avahi_elapse_time(&until, timeout_ms, 0);
    avahi_simple_poll_get(b.poll)->timeout_new(avahi_simple_poll_get(b.poll), &until, stop_browsing, &b);
    avahi_simple_poll_loop(b.poll);
    if (browser) avahi_service_browser_free(browser);
    avahi_client_free(b.client);
    avahi_simple_poll_free(b.poll);
    return 0;
}
