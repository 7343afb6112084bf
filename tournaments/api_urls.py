from django.urls import path

from tournaments import api

urlpatterns = [
    path("auth/token/", api.TokenObtainApi.as_view(), name="api-token"),
    path("me/", api.MeApi.as_view(), name="api-me"),
    path("events/", api.EventListApi.as_view(), name="api-events"),
    path("events/<slug:slug>/", api.EventDetailApi.as_view(), name="api-event"),
]
